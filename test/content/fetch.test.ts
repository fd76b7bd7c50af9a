import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { createContentClient } from '../../src/content/client';
import { ContentError, onContentError } from '../../src/content/errors';
import { parseContentSettings, type ContentSettingsInput } from '../../src/content/settings';
import { captureLogger, messages } from './helpers/logger';
import { expectErrorLines } from '../support/error-guard';
import { startFakeContentService, type FakeContentService, type Recorded, type Reply } from '../support/fake-content-service';
import { fakeClock } from '../support/fake-clock';
import { list } from '../support/strapi-shapes';

const servers: FakeContentService[] = [];
after(() => Promise.all(servers.map((s) => s.down())));

/** A client without cache over a fake content service; the breaker's pauses on a clock the test moves. */
async function setup(respond: (req: Recorded) => Reply | Promise<Reply>, settings: ContentSettingsInput = {}) {
  const upstream = await startFakeContentService(respond);
  servers.push(upstream);
  const { logger, lines } = captureLogger();
  const clock = fakeClock();
  const client = createContentClient({
    settings: parseContentSettings({ url: upstream.url, ...settings }),
    logger,
    cache: null,
    now: clock.now,
  });
  return { upstream, client, lines, clock };
}

/** Whether `promise` settles before anything that waits on I/O or a timer could run. */
const settlesAtOnce = (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => true, () => true), new Promise<boolean>((r) => setImmediate(() => r(false)))]);

const ok = (): Reply => ({ json: list([{ id: 1, documentId: 'a', title: 'x' }]) });

/** Strapi v5's answer to a bad query parameter, byte for byte. */
const strictParam = {
  data: null,
  error: {
    status: 400,
    name: 'ValidationError',
    message: 'Invalid key foo',
    details: { key: 'foo', path: null, source: 'query', param: 'foo' },
  },
};

describe('URL building per version', () => {
  const cases: Array<[string, ContentSettingsInput, string]> = [
    ['v3 has no prefix', { version: 'v3' }, '/pages'],
    ['v4 adds /api', { version: 'v4' }, '/api/pages'],
    ['v5 adds /api', { version: 'v5' }, '/api/pages'],
    ['v5 is the default', {}, '/api/pages'],
    ['an explicit prefix wins', { version: 'v4', prefix: 'cms/' }, '/cms/pages'],
    ['an empty prefix on v5', { version: 'v5', prefix: '' }, '/pages'],
  ];
  for (const [name, settings, path] of cases) {
    test(name, async () => {
      const { upstream, client } = await setup(() => ({ json: settings.version === 'v3' ? [] : list([]) }), settings);
      await client.find('pages', { filters: { slug: { $eq: 'home' } }, populate: ['blocks'] });
      assert.equal(upstream.requests[0]?.path, path);
      assert.equal(upstream.requests[0]?.query, 'filters[slug][$eq]=home&populate[0]=blocks');
    });
  }

  test('findOne, single, menus, locales and custom routes', async () => {
    const { upstream, client } = await setup((req) => ({
      json: req.path.startsWith('/api/navigation') || req.path === '/api/i18n/locales' ? [] : { data: null, meta: {} },
    }));
    await client.findOne('pages', 'abc def');
    await client.single('global', { locale: 'en' });
    await client.menu('footer-1', { locale: 'nl', type: 'FLAT' });
    await client.locales();
    await client.search('4001 AB', 17);
    assert.deepEqual(
      upstream.requests.map((r) => `${r.path}?${r.query}`),
      [
        '/api/pages/abc%20def?',
        '/api/global?locale=en',
        '/api/navigation/render/footer-1?locale=nl&type=FLAT',
        '/api/i18n/locales?',
        '/api/q42/search?zipcode=4001%20AB&age=17',
      ],
    );
  });
});

describe('token and body', () => {
  test('the configured token goes in Authorization on every request', async () => {
    const { upstream, client } = await setup(ok, { token: 'server-token' });
    await client.find('pages');
    await client.request('/contact-submissions', { method: 'POST', body: { data: { name: 'Sam' } } });
    assert.deepEqual(upstream.requests.map((r) => r.headers.authorization), ['Bearer server-token', 'Bearer server-token']);
  });

  test("a visitor's token replaces the configured one", async () => {
    const { upstream, client } = await setup(ok, { token: 'server-token' });
    await client.find('pages', {}, { token: 'visitor-jwt' });
    await client.request('/users/me', { token: 'visitor-jwt' });
    assert.deepEqual(upstream.requests.map((r) => r.headers.authorization), ['Bearer visitor-jwt', 'Bearer visitor-jwt']);
  });

  test('no token, no Authorization header', async () => {
    const { upstream, client } = await setup(ok);
    await client.find('pages');
    assert.equal(upstream.requests[0]?.headers.authorization, undefined);
  });
});

/** The fetch layer's line for a failed call: error level for a 5xx or no answer, else warn. */
const SERVICE_ERROR = 'content service error';

describe('retry rule', () => {
  /** First answer fails with `status`, the second succeeds. */
  const failOnce = (status: number) => {
    let calls = 0;
    return (): Reply => (calls++ === 0 ? { status, json: { data: null, error: { status, name: 'E', message: 'e', details: {} } } } : ok());
  };

  for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) {
    test(`GET is retried once on ${status}`, async () => {
      const { upstream, client } = await setup(failOnce(status));
      const result = await client.find('pages');
      assert.equal(result.data.length, 1);
      assert.equal(upstream.requests.length, 2);
    });
  }

  test('GET gives up after one retry', async () => {
    const { upstream, client } = await setup(() => ({ status: 503, json: { data: null, error: { status: 503, name: 'ServiceUnavailableError', message: 'down', details: {} } } }));
    expectErrorLines(SERVICE_ERROR);
    await assert.rejects(client.find('pages'), (e: ContentError) => e.status === 503);
    assert.equal(upstream.requests.length, 2);
  });

  test('retry: false turns it off (authentication calls)', async () => {
    const { upstream, client } = await setup(failOnce(503));
    expectErrorLines(SERVICE_ERROR);
    await assert.rejects(client.request('/users/me', { token: 'jwt', retry: false }), ContentError);
    assert.equal(upstream.requests.length, 1);
  });

  test('HEAD is retried too', async () => {
    const { upstream, client } = await setup(failOnce(503));
    await client.request('/pages', { method: 'HEAD' });
    assert.equal(upstream.requests.length, 2);
  });

  for (const status of [400, 401, 403, 404]) {
    test(`GET is not retried on ${status}`, async () => {
      const { upstream, client } = await setup(failOnce(status));
      await assert.rejects(client.find('pages'), ContentError);
      assert.equal(upstream.requests.length, 1);
    });
  }

  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    for (const status of [500, 503, 429]) {
      test(`${method} is never retried (${status})`, async () => {
        const { upstream, client } = await setup(failOnce(status));
        if (status >= 500) expectErrorLines(SERVICE_ERROR);
        await assert.rejects(client.request('/signups', { method, body: { data: {} } }), ContentError);
        assert.equal(upstream.requests.length, 1);
      });
    }
    test(`${method} is not retried on a dropped connection`, async () => {
      const { upstream, client } = await setup(() => ({ destroy: true }));
      expectErrorLines(SERVICE_ERROR);
      await assert.rejects(client.request('/signups', { method, body: { data: {} } }), ContentError);
      assert.equal(upstream.requests.length, 1);
    });
  }

  test('GET is retried on a dropped connection', async () => {
    let calls = 0;
    const { upstream, client } = await setup(() => (calls++ === 0 ? { destroy: true } : ok()));
    assert.equal((await client.find('pages')).data.length, 1);
    assert.equal(upstream.requests.length, 2);
  });

  test('a timeout gives the synthetic error and is not retried', async () => {
    // A real request timeout (500 ms: time enough for the request to arrive on a busy machine);
    // the answer is held back for 10 s, twenty times longer.
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const timer = setTimeout(release, 10_000);
    let answered = false;
    const { upstream, client } = await setup(async () => (await slow, (answered = true), ok()), { timeoutMs: 500 });
    expectErrorLines(SERVICE_ERROR);
    try {
      await assert.rejects(client.find('pages'), (e: ContentError) => {
        assert.deepEqual(e.payload, { error: { status: 500, name: 'UnknownError', message: e.message, details: {} } });
        assert.match(e.message, /timeout/i);
        return true;
      });
      assert.equal(answered, false, 'gave up at the timeout, not after the slow answer');
      assert.equal(upstream.requests.length, 1);
    } finally {
      clearTimeout(timer);
      release();
    }
  });
});

describe('errors', () => {
  test('a v5 error payload is thrown as is', async () => {
    const { client } = await setup(() => ({ status: 400, json: strictParam }));
    await assert.rejects(client.find('pages', { foo: 1 }), (e: ContentError) => {
      assert.deepEqual(e.payload, strictParam);
      assert.equal(e.status, 400);
      assert.equal(e.message, 'Invalid key foo');
      assert.equal(e.fromService, true);
      return true;
    });
  });

  test('a v3 error payload is thrown as is', async () => {
    const v3 = { statusCode: 404, error: 'Not Found', message: 'Not Found' };
    const { client } = await setup(() => ({ status: 404, json: v3 }), { version: 'v3' });
    await assert.rejects(client.findOne('pages', 1), (e: ContentError) => {
      assert.deepEqual(e.payload, v3);
      return e.status === 404;
    });
  });

  const refused = async (version: 'v3' | 'v4' | 'v5') => {
    const { upstream, client, lines } = await setup(ok, { version });
    expectErrorLines(SERVICE_ERROR);
    await upstream.down();
    const error = await client.find('pages').then(
      () => assert.fail('expected a rejection'),
      (e: unknown) => e as ContentError,
    );
    return { error, lines, client };
  };

  test('no payload on v3: synthetic { error, message, statusCode }', async () => {
    const { error } = await refused('v3');
    assert.ok(error instanceof ContentError);
    assert.deepEqual(error.payload, { error: 'UnknownError', message: 'fetch failed', statusCode: 500 });
  });

  for (const version of ['v4', 'v5'] as const) {
    test(`no payload on ${version}: synthetic { error: { status, name, message, details } }`, async () => {
      const { error } = await refused(version);
      assert.deepEqual(error.payload, { error: { status: 500, name: 'UnknownError', message: 'fetch failed', details: {} } });
      assert.equal(error.fromService, false);
    });
  }

  test('a non-JSON error page becomes the synthetic error', async () => {
    const { upstream, client } = await setup(() => ({ status: 502, text: '<html>Bad Gateway</html>' }));
    expectErrorLines(SERVICE_ERROR);
    await assert.rejects(client.find('pages'), (e: ContentError) => {
      assert.deepEqual(e.payload, { error: { status: 500, name: 'UnknownError', message: 'Content service answered 502', details: {} } });
      return true;
    });
    assert.equal(upstream.requests.length, 2);
  });

  test('every error fires the client hook, the process-wide strapi:error hook and a log line', async () => {
    const { client, lines } = await setup(() => ({ status: 400, json: strictParam }));
    const seen: unknown[] = [];
    const global: unknown[] = [];
    const stopClient = client.onError((error, where) => seen.push([error.payload, where]));
    const stopGlobal = onContentError((error) => global.push(error.payload));
    await assert.rejects(client.find('pages', { foo: 1 }));
    stopClient();
    stopGlobal();
    await assert.rejects(client.find('pages', { foo: 1 }));
    assert.deepEqual(seen, [[strictParam, { method: 'GET', path: '/api/pages' }]]);
    assert.deepEqual(global, [strictParam]);
    const logged = messages(lines, 'content service error');
    assert.equal(logged.length, 2);
    assert.deepEqual(logged[0]?.payload, strictParam);
  });
});

describe('failing fast while the content service keeps failing', () => {
  test('a hanging service: after 3 timeouts in a row calls fail at once, without reaching it; one probe after the pause closes it again', async () => {
    // The timeouts are real (a request cut after 1 s: long enough for the three to reach the
    // service on a busy machine, which 150 ms was not); the breaker's pause is on the test's clock.
    const { upstream, client, lines, clock } = await setup(() => ({ ...ok(), delayMs: 5_000 }), { timeoutMs: 1000, failFast: { after: 3, forMs: 300 } });
    expectErrorLines(SERVICE_ERROR, 'content service keeps failing: failing fast, serving what the cache holds');
    assert.equal(client.failingFast(), false);
    assert.equal(client.breakerState(), 'closed');
    await Promise.all([1, 2, 3].map(() => assert.rejects(client.find('pages'))));
    assert.equal(client.failingFast(), true, 'what the account pages ask before they show a form');
    assert.equal(client.breakerState(), 'open', 'what the metrics show');
    assert.equal(messages(lines, 'content service keeps failing: failing fast, serving what the cache holds').length, 1);
    const reached = upstream.requests.length;
    assert.equal(reached, 3, 'the three timed-out calls reached the service');
    const fast = client.find('pages');
    assert.ok(await settlesAtOnce(fast), 'no wait for the timeout');
    await assert.rejects(fast, (e: ContentError) => /failing fast/.test(e.message));
    assert.equal(upstream.requests.length, reached, 'the service was not called');

    upstream.respond(ok);
    clock.advance(299);
    assert.equal(client.failingFast(), true, 'still paused 299 ms on');
    clock.advance(21);
    assert.equal(client.failingFast(), false, 'time for the probe: a call now would go through');
    assert.equal(client.breakerState(), 'half-open');
    const back = await client.find('pages');
    assert.equal(client.breakerState(), 'closed');
    assert.equal(back.data.length, 1, 'the probe went through and answered');
    assert.equal(messages(lines, 'content service answers again: calls go through').length, 1);
    await client.find('pages');
    assert.equal(upstream.requests.length, reached + 2);
  });

  test('a failed probe pauses twice as long', async () => {
    const { upstream, client, clock } = await setup(() => ({ status: 503, text: 'down' }), { failFast: { after: 3, forMs: 100 } });
    expectErrorLines(SERVICE_ERROR, 'content service keeps failing: failing fast, serving what the cache holds');
    for (let i = 0; i < 3; i++) await assert.rejects(client.find('pages'));
    clock.advance(110);
    const before = upstream.requests.length;
    await assert.rejects(client.find('pages')); // the probe (and its retry)
    assert.ok(upstream.requests.length > before);
    clock.advance(110);
    const after = upstream.requests.length;
    await assert.rejects(client.find('pages'), (e: ContentError) => /failing fast/.test(e.message));
    assert.equal(upstream.requests.length, after, 'still paused: 200 ms now');
  });

  test('answers that are the service speaking (404, 400) never pause it', async () => {
    const { upstream, client } = await setup(() => ({ status: 400, json: strictParam }));
    for (let i = 0; i < 6; i++) await assert.rejects(client.find('pages', { foo: 1 }));
    assert.equal(upstream.requests.length, 6);
  });
});
