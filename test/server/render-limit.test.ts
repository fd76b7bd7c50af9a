// One client asking for render after render (a new search, a new page number) is limited; what
// the render cache holds stays open to it, and other clients still get their renders.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { testApp } from '../support/test-app';

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

  test('without a limit (RENDER_RATE_LIMIT=0) every render is served', async () => {
    const { app } = testApp();
    for (let page = 1; page <= 6; page++) await request(app).get(`/blog?pagina=${page}`).expect((res) => assert.notEqual(res.status, 429));
  });
});
