// Render-ahead: pages nobody asked for yet rendered into the render cache (as HTML), one after
// the other, yielding to requests in between. At startup (server/pages/startup-renders.ts) it
// renders the most asked pages before the replica is ready, and the rest of the sitemap after,
// while visitors leave room: first visitors get a cached page, and every record those pages need
// is in the content cache, which keeps it as the last known content should the content service go
// down later.
import type { Logger } from 'pino';
import type { RscApp } from '../../src/framework/entry.rsc';
import { readTags, withReadTags } from '../../src/content/read-tags';
import { flightAddress, keepRendered, pageCacheKey, tagged } from './page-cache-key';
import type { RenderCache } from './render-cache';
import type { RenderPage } from './render-page';

type Deps = { rsc: RscApp; renderPage: RenderPage; renderCache: RenderCache; debugView: boolean; logger: Logger };

/** `next`: asked before each page; false stops (past a time budget, the cache full). */
export type RenderAheadOptions = { next?: () => boolean | Promise<boolean> };

/** Renders `paths` ahead; how many it rendered (a page already kept, or not one to keep, is skipped). */
export function createRenderAhead({ rsc, renderPage, renderCache, debugView, logger }: Deps): (paths: readonly string[], options?: RenderAheadOptions) => Promise<number> {
  /** Renders one page ahead into the render cache; false when it is not a page to keep. */
  async function renderAhead(path: string, key: string): Promise<boolean> {
    const since = renderCache.epoch;
    const resolution = await rsc.resolve(path, {});
    if (resolution.kind !== 'page' || resolution.status !== 200) return false;
    const page = await renderPage({ resolution, wantsFlight: false, flightSrc: flightAddress(path, '', debugView) });
    keepRendered(renderCache, key, tagged(page, readTags()), since, false);
    return true;
  }

  return async function warm(paths, options = {}) {
    let count = 0;
    for (const path of paths) {
      await new Promise((resolve) => setImmediate(resolve));
      if (options.next && !(await options.next())) break;
      const { key } = pageCacheKey(path, {}, false, debugView);
      if (renderCache.has(key)) continue;
      try {
        if (await withReadTags(() => renderAhead(path, key))) count += 1;
      } catch (err) {
        logger.warn({ err, path }, 'page not rendered ahead; it is rendered on its first visit');
      }
    }
    return count;
  };
}
