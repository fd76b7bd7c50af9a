// One client asking for render after render (a new search, a new page number) is limited; what
// the render cache holds stays open to it, and other clients still get their renders.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { testApp } from '../../support/test-app';
import { RENDERS_WAITING_PER_CLIENT } from '../../../server/pages/render-limit';

describe('renders past the render cache, per client', () => {
  test('past the limit: 429 with a page in the visitor\'s language, cached pages still served, another client unaffected', async () => {
    const { app } = testApp({ renderRateLimit: 3 });
    await request(app).get('/over-ons').set('X-Forwarded-For', '203.0.113.7').expect(200);
    for (const age of [16, 17]) await request(app).get(`/locaties?age=${age}&postcode=4001AA`).set('X-Forwarded-For', '203.0.113.7').expect(200);
    const limited = await request(app).get('/locaties?age=18&postcode=4001AA').set('X-Forwarded-For', '203.0.113.7').expect(429);
    assert.equal(limited.headers['cache-control'], 'no-store');
    assert.match(limited.text, /heel veel verschillende pagina/);
    assert.ok(limited.headers['ratelimit-policy'], 'says the policy');
    const english = await request(app).get('/en/find-a-group-x').set('X-Forwarded-For', '203.0.113.7').expect(429);
    assert.match(english.text, /a great many different pages/);
    // What is already rendered costs nothing: never limited.
    await request(app).get('/over-ons').set('X-Forwarded-For', '203.0.113.7').expect(200);
    await request(app).get('/locaties?age=16&postcode=4001AA').set('X-Forwarded-For', '203.0.113.7').expect(200);
    // Unknown parameters do not make a page new.
    await request(app).get('/over-ons?utm_source=x&fbclid=y').set('X-Forwarded-For', '203.0.113.7').expect(200);
    await request(app).get('/locaties?age=18&postcode=4001AA').set('X-Forwarded-For', '198.51.100.2').expect(200);
  });

  test("no answer a shared cache may keep carries one client's rate-limit headers (RateLimit, RateLimit-Policy, Retry-After): a rendered page and its Flight payload go without them, the client's own refusal keeps them", async () => {
    const { app } = testApp({ renderRateLimit: 3 });
    const client = '203.0.113.9';
    const page = await request(app).get('/over-ons').set('X-Forwarded-For', client).expect(200);
    const flight = await request(app).get('/blog').set('X-Forwarded-For', client).set('Accept', 'text/x-component').expect(200);
    for (const [what, res] of [['page', page], ['Flight payload', flight]] as const) {
      assert.match(res.headers['cache-control'] ?? '', /s-maxage/, `the ${what} is one a shared cache keeps`);
      for (const header of ['ratelimit', 'ratelimit-policy', 'retry-after']) assert.equal(res.headers[header], undefined, `${header} on the ${what}`);
    }
    await request(app).get('/locaties?age=16&postcode=4001AA').set('X-Forwarded-For', client).expect(200);
    const refused = await request(app).get('/locaties?age=17&postcode=4001AA').set('X-Forwarded-For', client).expect(429);
    assert.equal(refused.headers['cache-control'], 'no-store');
    assert.ok(refused.headers['ratelimit'] && refused.headers['ratelimit-policy'], 'the refusal, kept by no cache, tells its client');
  });

  test(`one render at a time per client: its parallel requests wait their turn (and get the page rendered once); a school class's thirty new searches at once are all served; past ${RENDERS_WAITING_PER_CLIENT} waiting they are refused; another client is not held up`, async () => {
    const { app, renderCache } = testApp({ renderRateLimit: 1000 });
    const { createServer } = await import('node:http');
    const server = createServer(app).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as { port: number };
    const get = (path: string, client: string) => fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'X-Forwarded-For': client } }).then((r) => r.status);
    try {
      // Nine of one client's requests for the same new page: one renders, eight wait and are then served from the cache.
      const same = await Promise.all(Array.from({ length: 9 }, () => get('/blog?pagina=2', '203.0.113.8')));
      assert.deepEqual(same, Array(9).fill(200));
      assert.equal(renderCache.size, 1, 'rendered once');
      // Thirty pupils behind one address, each searching a new postcode at the same moment: all wait their turn.
      const klas = await Promise.all(Array.from({ length: 30 }, (_, i) => get(`/locaties?age=${i % 19 + 12}&postcode=${4001 + i}AA`, '203.0.113.8')));
      assert.deepEqual(klas, Array(30).fill(200));
      // A script's sixty at once: one runs, the queue waits, the rest that arrive meanwhile are
      // refused (how many arrive before the first render ends depends on the machine).
      const many = await Promise.all(Array.from({ length: 60 }, (_, i) => get(`/locaties?age=${i % 19 + 12}&postcode=${5001 + i}AA`, '203.0.113.8')));
      assert.ok(many.filter((s) => s === 200).length >= RENDERS_WAITING_PER_CLIENT + 1, 'the running one and those waiting');
      assert.ok(many.filter((s) => s === 429).length >= 1, `more than ${RENDERS_WAITING_PER_CLIENT} waiting are refused`);
      assert.deepEqual([...new Set(many)].sort(), [200, 429]);
      // Meanwhile and after, another client renders as usual.
      assert.equal(await get('/locaties?age=19&postcode=5301AB', '198.51.100.4'), 200);
    } finally {
      server.close();
    }
  });

  test('without a limit (RENDER_RATE_LIMIT=0) every render is served', async () => {
    const { app } = testApp();
    for (let page = 1; page <= 6; page++) await request(app).get(`/blog?pagina=${page}`).expect((res) => assert.notEqual(res.status, 429));
  });
});
