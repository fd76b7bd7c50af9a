// The rendered pages an edited media file drops (server/pages/render-cache.ts dropShowing):
// those whose HTML or Flight payload shows the file, by its address or the site's copies of it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRenderCache, flightId, renderedPage } from '../../../server/pages/render-cache';

const html = (body: string) => renderedPage(200, 'text/html; charset=utf-8', 'public', Buffer.from(body));

test('only the pages that show the file are dropped, with their Flight payloads; the others stay', () => {
  const cache = createRenderCache({ ttlMs: 60_000 });
  const withCopy = html('<img src="/uploads/w640-abcd1234/red_570c1a7c20.avif" alt="rood">');
  const flight = renderedPage(200, 'text/x-component', 'public', Buffer.from('0:["/uploads/red_570c1a7c20.png"]'));
  const namesFlight = { ...html('<main>no picture here</main>'), flight };
  cache.set('a', withCopy);
  cache.set('b', namesFlight);
  cache.keepFlight(flight);
  cache.set('c', html('<img src="/uploads/w640-abcd1234/blue_1111111111.avif">'));
  assert.equal(cache.dropShowing(['vl84njkrk7laz8e3ekypt4v9', '/uploads/red_570c1a7c20.png', '/red_570c1a7c20.']), 2);
  assert.equal(cache.get('a'), undefined);
  assert.equal(cache.get('b'), undefined);
  assert.equal(cache.flight(flightId(flight)), undefined);
  assert.ok(cache.get('c'), 'a page with another picture stays');
  assert.equal(cache.dropShowing([]), 0);
});
