// The class, a site that outgrows its bounds: at ten times today's content (scripts/scale-content.ts,
// 632 sitemap pages) the site started as an operator starts it is ready in seconds, keeps its pages
// cached with the default memory bounds, lists every group of every region, and has no page
// that grows with the whole site. The same figures as `npm run bench:scale`, with the issue's
// budgets; the neighbours of the pages the issue named (/locaties, a search) are every sitemap page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { measureScale, RSS_BOUND } from '../../bench/scale-measure';

test('the class, a site that outgrows its bounds: at 10x ready within 10 s, 80% hits on a second pass, every region whole, no page over 80 KB (15 KB gzip)', { timeout: 300_000 }, async () => {
  const row = await measureScale(10);
  assert.ok(row.pages > 600, `ten times the content: ${row.pages} sitemap pages`);
  assert.ok(row.readyMs <= 10_000, `ready ${row.readyMs} ms after start`);
  assert.ok(row.secondPassHits >= 0.8, `${Math.round(row.secondPassHits * 100)}% of a second full pass from the render cache`);
  assert.deepEqual(row.failed, [], 'every page answers 200');
  assert.ok(row.largest.html <= 80 * 1024, `largest page ${row.largest.path}: ${row.largest.html} bytes`);
  assert.ok(row.largestGzip.gzip <= 15 * 1024, `largest gzip ${row.largestGzip.path}: ${row.largestGzip.gzip} bytes`);
  for (const d of row.districts) assert.equal(d.shown, d.has, `region ${d.slug} lists ${d.shown} of its ${d.has} groups over its pages`);
  assert.ok(row.search.html <= 80 * 1024 && row.locations.html <= 80 * 1024, 'the search and /locaties stay bounded');
  assert.ok(row.rssAfterCrawl < RSS_BOUND, `RSS after two passes ${Math.round(row.rssAfterCrawl / 1e6)} MB`);
});
