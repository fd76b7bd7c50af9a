// The render budget of all clients together over HTTP (server/pages/render-budget.ts): while its
// slots are taken, cached pages are answered at once, renders wait their turn, and past the queue
// a render gets the page's last rendered copy or the 503 refusal page.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { describe, test } from 'node:test';
import { testApp } from '../../support/test-app';
import { fakeClock } from '../../support/fake-clock';

describe('cached answers keep their share of the core while renders queue, for any number of clients', () => {
  test('with every render slot taken: cached pages answer at once, two renders wait and are then served, more clients are refused (last copy, or 503 with Retry-After, no-store, in Dutch and English), and /metrics counts them', async () => {
    const clock = fakeClock();
    const { app, renderBudget, metrics } = testApp({ cacheTtlMs: 60_000, now: clock.now, renderBudget: { atOnce: 1, waiting: 2, waitMs: 30_000, share: 1, burstMs: 1_000_000 } });
    assert.ok(renderBudget, 'the site has a render budget');
    const server = createServer(app).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as { port: number };
    const get = (path: string, client: string) => fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'X-Forwarded-For': client } });
    try {
      // Rendered while the budget is free: /over-ons stays fresh, /blog?pagina=2 goes past its time.
      assert.equal((await get('/blog?pagina=2', '203.0.113.1')).status, 200);
      clock.advance(50_000);
      const cached = await (await get('/over-ons', '203.0.113.1')).text();
      clock.advance(20_000);

      // Hold the only slot, as a long render would.
      const release = await renderBudget.take('holder');
      assert.ok(release);
      // Sixteen clients' new searches at once: two wait their turn, the rest are refused.
      const searches = Array.from({ length: 16 }, (_, i) => get(`/locaties?age=${12 + i}&postcode=${4001 + i}AA`, `198.51.100.${i + 1}`));
      const refused = await Promise.all(searches.slice(2));
      for (const res of refused) {
        assert.equal(res.status, 503);
        assert.equal(res.headers.get('retry-after'), '5');
        assert.equal(res.headers.get('cache-control'), 'no-store');
        assert.match(await res.text(), /erg druk op de website/);
      }
      const english = await get('/en/find-a-group?age=16&postcode=4001AB', '192.0.2.9');
      assert.equal(english.status, 503);
      assert.match(await english.text(), /very busy right now/);
      // A page past its time is not refused: its last rendered copy, for this request only.
      const stale = await get('/blog?pagina=2', '192.0.2.10');
      assert.equal(stale.status, 200);
      assert.equal(stale.headers.get('cache-control'), 'no-store');
      // Cached pages never wait for a slot.
      const hit = await get('/over-ons', '192.0.2.11');
      assert.equal(hit.status, 200);
      assert.equal(await hit.text(), cached);
      assert.deepEqual(renderBudget.state(), { running: 1, waiting: 2 });
      const figures = await metrics.text();
      assert.match(figures, /joinus_render_budget_refusals_total\{answer="busy"\} 15\n/);
      assert.match(figures, /joinus_render_budget_refusals_total\{answer="last-copy"\} 1\n/);
      assert.match(figures, /joinus_render_budget_renders\{state="waiting"\} 2\n/);
      release();
      const waited = await Promise.all(searches.slice(0, 2));
      assert.deepEqual(waited.map((r) => r.status), [200, 200]);
      assert.deepEqual(renderBudget.state(), { running: 0, waiting: 0 });
    } finally {
      server.close();
    }
  });
});
