// A rendered page shows what depends on the date (the promoted event while it is to come, a
// past event's closed sign-up): however long the content cache's TTL, it is rendered again
// within a day.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRenderCache, renderedPage } from '../../../server/pages/render-cache';

const HOUR = 3_600_000;
const page = () => renderedPage(200, 'text/html; charset=utf-8', 'public', Buffer.from('<html>event</html>'));

test('a page is kept at most a day, even when the TTL is a week', () => {
  let clock = 1_000_000;
  const cache = createRenderCache({ ttlMs: 7 * 24 * HOUR, perf: { now: () => clock } });
  cache.set('/', page());
  clock += 23 * HOUR;
  assert.ok(cache.get('/'), 'still kept after 23 hours');
  clock += 2 * HOUR;
  assert.equal(cache.get('/'), undefined, 'rendered again after a day');
});

test('a shorter TTL stays as it is', () => {
  let clock = 1_000_000;
  const cache = createRenderCache({ ttlMs: 60_000, perf: { now: () => clock } });
  cache.set('/', page());
  clock += 61_000;
  assert.equal(cache.get('/'), undefined);
});
