// The Flight payloads HTML pages name (docs/decisions/008) are kept by id, beside the pages: a
// payload must be there whenever the HTML naming it can still be served.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cachedAnswer, pageCacheKey } from '../../../server/pages/page-cache-key';
import { createRenderCache, flightId, keptSize, renderedPage, type RenderedPage } from '../../../server/pages/render-cache';

const FLIGHT = 'text/x-component; charset=utf-8';
const HTML = 'text/html; charset=utf-8';
const flight = (text: string) => renderedPage(200, FLIGHT, 'public', Buffer.from(text.padEnd(10_000, '.')));
const htmlNaming = (payload: RenderedPage) => ({ ...renderedPage(200, HTML, 'public', Buffer.from(`<html>${flightId(payload)}</html>`)), flight: payload });
const hitFor = (path: string, query: Record<string, unknown> = {}) => pageCacheKey(path, query, '_rsc' in query, false);

test('a payload stays kept while the HTML naming it is served, however many other pages were rendered meanwhile', () => {
  // Room for the pages, and for three payloads (each counted at what keeping its 10 KB body costs) by id.
  const cache = createRenderCache({ ttlMs: 60_000, maxBytes: 4 * 3 * keptSize(flight('x')) + 3 });
  const home = flight('0:home');
  cache.set(hitFor('/').key, htmlNaming(home));
  cache.keepFlight(home);
  for (const other of ['b', 'c']) cache.keepFlight(flight(other));
  // The home page is served again: its payload is the most recently kept one.
  assert.ok(cachedAnswer(cache, hitFor('/')));
  cache.keepFlight(flight('d')); // the oldest but one goes, not the home page's
  const named = cachedAnswer(cache, hitFor('/', { _rsc: flightId(home) }));
  assert.equal(named, home);
  assert.equal(cache.flight(flightId(flight('b'))), undefined, 'the least recently kept one went');
});

test('an id is answered by its own payload, or by the page\'s current payload only when that is the one named', () => {
  const cache = createRenderCache({ ttlMs: 60_000 });
  const current = flight('0:now');
  cache.set(hitFor('/over-ons', { _rsc: '1' }).key, current);
  assert.equal(cachedAnswer(cache, hitFor('/over-ons', { _rsc: flightId(current) })), current);
  assert.equal(cachedAnswer(cache, hitFor('/over-ons', { _rsc: 'AAAAAAAAAAAAAAAAAAAAAA' })), undefined);
  // `_rsc=1` is the navigation marker, not an id.
  assert.equal(hitFor('/over-ons', { _rsc: '1' }).flightId, undefined);
});

test('with the cache off nothing is kept by id either', () => {
  const cache = createRenderCache({ ttlMs: 0 });
  const payload = flight('0:x');
  cache.keepFlight(payload);
  assert.equal(cache.keeps, false);
  assert.equal(cache.flight(flightId(payload)), undefined);
});
