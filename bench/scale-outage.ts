// The content service down at scale (the content-at-scale issue: with Strapi down for a minute,
// 773 of 1,123 pages answered 500 at 10x): every page of the sitemap rendered again from what the
// content cache kept, none answered from the render cache. The service goes down, then a release
// is published (Strapi's `releases.publish`, which names no model: the webhook drops every cached
// answer, setting it aside as the last good one, and every rendered page), then every page is asked
// for once. What each render reads must come from the last good copies, at any size.
import { CONTENT_WEBHOOK_PATH } from '../src/routing/endpoints';
import type { FakeContentService } from '../test/support/fake-content-service';
import { crawl, renderCacheCounts, type PageSize } from './scale-crawl';

export type OutageFigures = {
  /** Pages asked for with the content service down. */
  asked: number;
  /** Of those, rendered anew (render-cache misses over the pass). */
  rendered: number;
  /** The answers other than 200, as `status path`. */
  failed: string[];
  /** The pages answered 200 whose HTML is not the size it was with the service up (a page
   * rendered with a part missing), as `path: before -> now bytes`. */
  changed: string[];
};

/** `before`: the same pages with the service up. */
export async function outagePass(base: string, before: readonly PageSize[], service: FakeContentService, webhookSecret: string): Promise<OutageFigures> {
  await service.down();
  const hook = await fetch(new URL(CONTENT_WEBHOOK_PATH, base), {
    method: 'POST',
    headers: { authorization: `Bearer ${webhookSecret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ event: 'releases.publish', createdAt: new Date().toISOString() }),
  });
  if (hook.status !== 204) throw new Error(`the content webhook answered ${hook.status}: ${await hook.text()}`);
  const counts = await renderCacheCounts(base);
  const pages = await crawl(base, before.map((p) => p.path));
  const rendered = (await renderCacheCounts(base)).misses - counts.misses;
  return {
    asked: pages.length,
    rendered,
    failed: pages.filter((p) => p.status !== 200).map((p) => `${p.status} ${p.path}`),
    changed: pages.flatMap((p, i) => (p.status === 200 && p.html !== before[i]!.html ? [`${p.path}: ${before[i]!.html} -> ${p.html} bytes`] : [])),
  };
}
