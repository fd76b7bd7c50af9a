// What a replica renders when it starts, and when it counts as ready. Readiness never waits for
// the whole site: at ten times today's content that took half a minute, at fifty more than seven,
// and a rolling deploy waits for each replica in turn.
//
// 1. Before ready, within READY_WARM_MS: the most asked pages, which are the pages the menus link
//    (the header's, the footer's: every visitor's way in, also a search engine's) and the home
//    pages, in each locale. Rendering them also fills the content cache with the layout's records
//    (menus, settings, the promoted event) and those of the main pages.
// 2. After ready: the rest of the sitemap, one page at a time, and only while visitors leave room
//    (the event loop less than QUIET_BELOW busy over a turn of QUIET_WAIT_MS): a visitor's request never
//    waits behind a page nobody asked for. It stops when the render cache is full (what it would
//    render would push out what it rendered before): the rest renders on its first visit, and the
//    proxy in front keeps the long tail.
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { RscApp } from '../../src/framework/entry.rsc';
import { LOCALES, localePath } from '../../src/i18n/locale';
import type { RenderCache } from './render-cache';
import type { RenderAheadOptions } from './render-ahead';

/** The event loop's busy share above which background renders wait. */
export const QUIET_BELOW = 0.5;
/** The turn over which the event loop's busy share is measured before each background render:
 * rendering ahead takes at most about half of a core's time (a render is about 10 ms), less
 * while visitors are asking. */
const QUIET_WAIT_MS = 20;

type Deps = {
  rsc: Pick<RscApp, 'layoutSpec' | 'layoutPaths'>;
  warm: (paths: readonly string[], options?: RenderAheadOptions) => Promise<number>;
  renderCache: Pick<RenderCache, 'stats'>;
  /** Every page of the sitemap (and the fixed pages it leaves out), in its order. */
  sitemapPaths: () => Promise<string[]>;
  /** The time the first pages may take before the replica is ready (READY_WARM_MS). */
  budgetMs: number;
  logger: Logger;
  /** The clock (ms); default performance.now. */
  now?: () => number;
};

/** The pages rendered before ready: the home page and every page a menu links, per locale. */
export async function mostAskedPaths(rsc: Deps['rsc']): Promise<string[]> {
  const paths = new Set<string>();
  for (const locale of LOCALES) {
    paths.add(localePath(locale, '/'));
    const spec = await rsc.layoutSpec('default', locale);
    for (const path of rsc.layoutPaths(spec)) if (path.startsWith('/')) paths.add(path);
  }
  return [...paths];
}

/** Waits until the event loop has been less than QUIET_BELOW busy over a turn of QUIET_WAIT_MS. */
export async function quietTurn(): Promise<void> {
  for (;;) {
    const before = performance.eventLoopUtilization();
    await new Promise((resolve) => setTimeout(resolve, QUIET_WAIT_MS).unref());
    if (performance.eventLoopUtilization(before).utilization < QUIET_BELOW) return;
  }
}

/** Runs both parts: resolves `ready` once the first is done (or its budget is spent), and
 * `done` once the background part has stopped. */
export function startupRenders(deps: Deps): { ready: Promise<void>; done: Promise<void> } {
  const now = deps.now ?? (() => performance.now());
  const started = now();
  const first: string[] = [];
  const ready = (async () => {
    try {
      first.push(...(await mostAskedPaths(deps.rsc)));
      const until = started + deps.budgetMs;
      const rendered = await deps.warm(first, { next: () => now() < until });
      deps.logger.info({ rendered, of: first.length, ms: Math.round(now() - started), budgetMs: deps.budgetMs }, 'most asked pages rendered ahead');
    } catch (err) {
      deps.logger.warn({ err }, 'most asked pages not rendered ahead; each is rendered on its first visit');
    }
  })();
  const done = ready.then(async () => {
    const begun = now();
    try {
      const rest = (await deps.sitemapPaths()).filter((p) => !first.includes(p));
      const evicted = deps.renderCache.stats().evicted;
      let full = false;
      const rendered = await deps.warm(rest, {
        next: async () => {
          await quietTurn();
          full = deps.renderCache.stats().evicted > evicted;
          return !full;
        },
      });
      deps.logger.info({ rendered, of: rest.length, ms: Math.round(now() - begun), ...(full ? { stopped: 'the render cache is full (RENDER_CACHE_MB): the rest renders on its first visit' } : {}) }, 'sitemap pages rendered ahead');
    } catch (err) {
      deps.logger.warn({ err }, 'sitemap pages not rendered ahead; each is rendered on its first visit');
    }
  });
  return { ready, done };
}
