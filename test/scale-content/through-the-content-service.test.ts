// The class, a site that outgrows its bounds, read as production reads it: the same ten times
// today's content as ten-times.test.ts, served through the test fake of the content service
// (Strapi's REST API), where every record a page shows is a cached answer of the content cache.
// Then the service goes down right after a release is published (every cached answer dropped and
// set aside, every rendered page dropped) and every sitemap page is rendered again: the issue's
// outage, in which 773 of 1,123 pages answered 500 at 10x while the content cache was bounded by
// a count. The last good copy of every record the site shows survives it, so each page is the
// page it was.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { measureScale, RSS_BOUND } from '../../bench/scale-measure';

test('the class, a site that outgrows its bounds, through the content service: at 10x ready within 10 s, 80% hits, and with the service down every page rendered again from the last good copies, each 200 and unchanged', { timeout: 300_000 }, async () => {
  const row = await measureScale(10, { via: 'content-service' });
  assert.ok(row.pages > 600, `ten times the content: ${row.pages} sitemap pages`);
  assert.ok(row.readyMs <= 10_000, `ready ${row.readyMs} ms after start`);
  assert.ok(row.secondPassHits >= 0.8, `${Math.round(row.secondPassHits * 100)}% of a second full pass from the render cache (passes of ${row.passMs.join(' and ')} ms)`);
  assert.deepEqual(row.failed, [], 'every page answers 200 with the service up');
  assert.ok(row.rssAfterCrawl < RSS_BOUND, `RSS after two passes ${Math.round(row.rssAfterCrawl / 1e6)} MB`);
  const outage = row.outage!;
  assert.equal(outage.asked, row.pages);
  assert.equal(outage.rendered, row.pages, 'every page rendered again during the outage, none answered from the render cache');
  assert.deepEqual(outage.failed, [], 'every page answers 200 with the service down');
  assert.deepEqual(outage.changed, [], 'every page is the size it was with the service up');
});
