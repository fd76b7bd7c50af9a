// The built server as an operator runs it: `node dist/server/index.cjs`.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { once } from 'node:events';
import { describe, test } from 'node:test';
import { startFakeContentService, type Recorded, type Reply } from '../support/fake-content-service';
import { list, strapiError } from '../support/strapi-shapes';
import { requireBuild } from '../support/require-build';
import { freePort, newDataDir } from '../support/spawn-server';
import { until } from '../support/until';
import { oldStamp } from './forms/helpers';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';

/** What Strapi answers to the calls a page makes: the locales, and a page titled after its slug. */
function pageAnswers(req: Recorded): Reply {
  if (req.path === '/api/i18n/locales') return { json: [{ id: 1, code: 'nl', name: 'Dutch', isDefault: true }] };
  if (req.path !== '/api/pages') return { status: 404, json: strapiError(404, 'NotFoundError', 'Not Found') };
  const slug = new URLSearchParams(req.query).get('filters[slug][$eq]') ?? 'home';
  return { json: list([{ id: 7, documentId: 'abcdefghijklmnopqrstuvwx', title: `Pagina ${slug}`, slug, locale: 'nl', blocks: [] }], { page: 1, pageSize: 1, pageCount: 1, total: 1 }) };
}

/** The built server on a free port, with a data folder of its own unless `env` names one. */
function startServer(env: Record<string, string>) {
  requireBuild();
  const child = spawn(process.execPath, ['dist/server/index.cjs'], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', DATA_DIR: newDataDir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
  const listening = new Promise<number>((resolve, reject) => {
    child.stdout.on('data', () => {
      const m = /"port":(\d+)/.exec(stdout);
      if (m) resolve(Number(m[1]));
    });
    void exited.then(() => reject(new Error(`exited early: ${stderr}`)));
  });
  listening.catch(() => undefined); // tests that expect an early exit never await it
  return { child, exited, listening, out: () => ({ stdout, stderr }) };
}

/** The secret the test helpers sign form stamps with. */
const FORM_SECRET_OF_STAMPS = 'test-secret-for-forms-0123456789';

const SPEC_LINE = 'googleTagManagerID is empty or not found in runtimeConfig public in nuxt.config.ts.';

describe('startup and shutdown of the built server', () => {
  test('an empty tag-manager id stops startup with the spec message and a non-zero exit', async () => {
    const s = startServer({ GTM_ID: '' });
    const [code] = await s.exited;
    assert.equal(code, 1);
    assert.ok(s.out().stderr.includes(SPEC_LINE), s.out().stderr);
    assert.ok(s.out().stderr.includes('GTM_ID'), 'names our own setting');
  });

  test('a malformed tag-manager id stops startup too', async () => {
    const s = startServer({ GTM_ID: 'GTM-lower123' });
    const [code] = await s.exited;
    assert.equal(code, 1);
    assert.ok(s.out().stderr.includes(SPEC_LINE));
    assert.ok(s.out().stderr.includes('GTM-lower123'));
  });

  test('a wrong setting is named and stops startup', async () => {
    const s = startServer({ STRAPI_VERSION: 'v9' });
    const [code] = await s.exited;
    assert.equal(code, 1);
    assert.match(s.out().stderr, /STRAPI_VERSION/);
  });

  test('SIGTERM lets an in-flight request finish, then exits 0', async () => {
    const strapi = await startFakeContentService(pageAnswers);
    const s = startServer({ STRAPI_URL: strapi.url, CONTENT_CACHE_TTL_MS: '0' });
    try {
      const port = await s.listening;
      strapi.respond((req) => ({ ...pageAnswers(req), delayMs: 800 }));
      const asked = strapi.requests.length;
      const inFlight = fetch(`http://127.0.0.1:${port}/over-ons`);
      // In flight: the server is asking the content service for the page (which answers 800 ms later).
      assert.ok(await until(() => strapi.requests.slice(asked).some((r) => r.query.includes('over-ons')), 30_000, 10), 'the page is asked for');
      s.child.kill('SIGTERM');
      const res = await inFlight;
      assert.equal(res.status, 200);
      assert.match(await res.text(), /Pagina over-ons/);
      const [code] = await s.exited;
      assert.equal(code, 0);
      assert.match(s.out().stdout, /shutdown complete/);
      await assert.rejects(fetch(`http://127.0.0.1:${port}/healthz`), 'no longer accepting connections');
    } finally {
      s.child.kill('SIGKILL');
      await strapi.down();
    }
  });

  test('SHUTDOWN_DRAIN_MS: after SIGTERM new connections are still answered for that long, /readyz with 503, then refused; exit 0', async () => {
    // The drain is the spawned server's own real time: 2.5 s, time enough on a busy machine for
    // two requests after the signal is seen.
    const s = startServer({ SHUTDOWN_DRAIN_MS: '2500', RENDER_AHEAD: 'off', DATA_DIR: mkdtempSync(`${tmpdir()}/drain-`) });
    try {
      const port = await s.listening;
      const signalled = performance.now();
      s.child.kill('SIGTERM');
      assert.ok(await until(() => s.out().stdout.includes('shutting down: finishing in-flight requests'), 2500, 10), 'the signal is seen');
      // A fresh connection each (no keep-alive agent): what a proxy opens for its next request.
      const [ready, page] = await Promise.all([
        fetch(`http://127.0.0.1:${port}/readyz`, { headers: { Connection: 'close' } }),
        fetch(`http://127.0.0.1:${port}/over-ons`, { headers: { Connection: 'close' } }),
      ]);
      assert.equal(ready.status, 503);
      assert.deepEqual(await ready.json(), { status: 'shutting-down' });
      assert.equal(page.status, 200, 'a request sent while the proxy has not yet taken the replica out is answered');
      assert.equal(page.headers.get('connection'), 'close');
      const [code] = await s.exited;
      assert.equal(code, 0);
      assert.ok(performance.now() - signalled >= 2500, 'it listened for the whole drain');
      await assert.rejects(fetch(`http://127.0.0.1:${port}/healthz`), 'no longer accepting connections');
    } finally {
      s.child.kill('SIGKILL');
    }
  });

  test('the class "a replica going away never takes a request the proxy may still send": with SHUTDOWN_DRAIN_PROBES it listens until each proxy that probed (two, by address) has been answered 503 that many times, however late the probes come; a visitor\'s /readyz does not count; then refused, exit 0', async () => {
    const s = startServer({ SHUTDOWN_DRAIN_PROBES: '2', SHUTDOWN_DRAIN_MS: '15000', RENDER_AHEAD: 'off' });
    try {
      const port = await s.listening;
      // A fresh connection each, as Varnish's probe opens one; from 127.0.0.1 and 127.0.0.2, two
      // proxies in front of one replica.
      const probe = (from: string, asProbe = true) =>
        new Promise<number>((resolve, reject) => {
          const headers: Record<string, string> = { Connection: 'close', ...(asProbe ? { 'X-Readiness-Probe': '1' } : {}) };
          request({ host: '127.0.0.1', port, path: '/readyz', localAddress: from, headers }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          }).on('error', reject).end();
        });
      const listening = () => fetch(`http://127.0.0.1:${port}/healthz`, { headers: { Connection: 'close' } }).then((r) => r.status === 200, () => false);
      await probe('127.0.0.1');
      await probe('127.0.0.2');
      const signalled = performance.now();
      s.child.kill('SIGTERM');
      assert.ok(await until(() => s.out().stdout.includes('shutting down: finishing in-flight requests'), 2500, 10), 'the signal is seen');
      // The probes are late (a busy proxy): longer than a guessed fixed drain of a second or two.
      await new Promise((r) => setTimeout(r, 2500));
      for (let i = 0; i < 3; i++) assert.equal(await probe('127.0.0.1', false), 503, "a visitor's /readyz");
      assert.ok(await listening(), "still listening: no proxy's probe has seen the drain");
      assert.equal(await probe('127.0.0.1'), 503);
      assert.equal(await probe('127.0.0.1'), 503);
      await new Promise((r) => setTimeout(r, 1000));
      assert.ok(await listening(), 'still listening: the second proxy has not yet seen the drain');
      assert.equal(await probe('127.0.0.2'), 503);
      assert.ok(await listening(), 'still listening after one of the two 503s the second proxy needs');
      assert.equal(await probe('127.0.0.2'), 503);
      const [code] = await s.exited;
      assert.equal(code, 0);
      const ms = performance.now() - signalled;
      assert.ok(ms < 10_000, `it stopped when both proxies had seen the drain (${Math.round(ms)} ms), not at its 15 s limit`);
      assert.match(s.out().stdout, /drained: every proxy probe saw this replica drain/);
      assert.equal(await listening(), false, 'no longer accepting connections');
    } finally {
      s.child.kill('SIGKILL');
    }
  });

  test('SHUTDOWN_DRAIN_PROBES: a proxy whose probes stop coming holds the drain only up to SHUTDOWN_DRAIN_MS, and the log says which proxy never saw it', async () => {
    const s = startServer({ SHUTDOWN_DRAIN_PROBES: '2', SHUTDOWN_DRAIN_MS: '1500', RENDER_AHEAD: 'off' });
    try {
      const port = await s.listening;
      await fetch(`http://127.0.0.1:${port}/readyz`, { headers: { Connection: 'close', 'X-Readiness-Probe': '1' } });
      const signalled = performance.now();
      s.child.kill('SIGTERM');
      const [code] = await s.exited;
      assert.equal(code, 0);
      assert.ok(performance.now() - signalled >= 1500, 'it listened until its limit');
      const line = s.out().stdout.split('\n').find((l) => l.includes('drain ended at its limit: a proxy had not yet seen this replica drain'));
      assert.ok(line, 'the log says the drain ended at its limit');
      assert.deepEqual(JSON.parse(line).waitingFor, ['127.0.0.1']);
    } finally {
      s.child.kill('SIGKILL');
    }
  });

  test('SIGTERM under load on keep-alive connections: every request sent is answered (the last ones with Connection: close) or refused at connect, none dropped', async () => {
    const { Agent, request } = await import('node:http');
    const s = startServer({ DATA_DIR: (await import('node:fs')).mkdtempSync(`${(await import('node:os')).tmpdir()}/shutdown-`) });
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    try {
      const port = await s.listening;
      // A proxy sends load to a replica once its /readyz says ready (after the startup renders),
      // as Varnish's probe does: a signal during the startup renders is not this test's case
      // (connections the busy loop had not yet accepted are reset when it stops listening).
      for (const end = Date.now() + 30_000; (await fetch(`http://127.0.0.1:${port}/readyz`)).status !== 200; ) {
        assert.ok(Date.now() < end, 'ready within 30 s');
        await new Promise((r) => setTimeout(r, 100));
      }
      const outcomes = { answered: 0, closing: 0, refused: 0, dropped: [] as string[] };
      const get = () =>
        new Promise<void>((resolve) => {
          request({ host: '127.0.0.1', port, path: '/over-ons', agent, headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
            res.resume();
            res.on('end', () => {
              outcomes.answered++;
              if (res.headers.connection === 'close') outcomes.closing++;
              resolve();
            });
          })
            .on('error', (err: NodeJS.ErrnoException) => {
              if (err.code === 'ECONNREFUSED') outcomes.refused++;
              else outcomes.dropped.push(err.code ?? err.message);
              resolve();
            })
            .end();
        });
      await get(); // rendered once: the rest are render-cache hits, as fast as it gets
      let signalled = false;
      const loop = async () => {
        // Each connection keeps a request in flight until one is refused at connect.
        for (;;) {
          const before = outcomes.refused + outcomes.dropped.length;
          await get();
          if (signalled && outcomes.refused + outcomes.dropped.length > before) return;
        }
      };
      const loops = Array.from({ length: 16 }, loop);
      // Under load: the signal comes once more than 100 requests were answered (however long that takes).
      assert.ok(await until(() => outcomes.answered > 100, 60_000, 10), `load before the signal (answered ${outcomes.answered})`);
      signalled = true;
      s.child.kill('SIGTERM');
      await Promise.all(loops);
      const [code] = await s.exited;
      assert.equal(code, 0);
      assert.deepEqual(outcomes.dropped, [], `no request lost (answered ${outcomes.answered}, refused ${outcomes.refused})`);
      assert.ok(outcomes.closing > 0, 'answers during shutdown carry Connection: close');
    } finally {
      agent.destroy();
      s.child.kill('SIGKILL');
    }
  });

  test('PORT=<other> without PUBLIC_ORIGIN: the sitemap, robots.txt and the donation\'s redirect name that port', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const s = startServer({ PORT: String(port), DATA_DIR: mkdtempSync(`${tmpdir()}/origin-`), FORM_SECRET: FORM_SECRET_OF_STAMPS, RENDER_AHEAD: 'off' });
    try {
      assert.equal(await s.listening, port);
      const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
      assert.ok(sitemap.includes(`<loc>${origin}/</loc>`), sitemap.slice(0, 300));
      assert.ok(!sitemap.includes(':3000'), 'no page on port 3000');
      const robots = await (await fetch(`${origin}/robots.txt`)).text();
      assert.ok(robots.includes(`Sitemap: ${origin}/sitemap.xml`), robots);
      const donation = new URLSearchParams({ firstname: 'Eva', lastname: 'Smit', email: 'eva@example.nl', amount: '25', frequency: 'once', terms: 'on', _page: '/doneren', _locale: 'nl', _ts: oldStamp() });
      const post = await fetch(`${origin}/forms/donation`, { method: 'POST', body: donation, redirect: 'manual', headers: { Origin: origin } });
      assert.equal(post.status, 303);
      assert.match(post.headers.get('location') ?? '', new RegExp(`^${origin}/doneren/testbetaling/tr_test[0-9a-f]+$`));
      assert.equal((await fetch(post.headers.get('location')!)).status, 200, 'the test checkout answers there');
      assert.match(s.out().stdout, new RegExp(`"publicOrigin":"${origin}"`));
      assert.match(s.out().stdout, /PUBLIC_ORIGIN is not set/, 'production: a warning');
    } finally {
      s.child.kill('SIGKILL');
    }
  });

  test('the origin warnings: none outside production without PUBLIC_ORIGIN; one for a loopback PUBLIC_ORIGIN on another port', async () => {
    const dev = startServer({ NODE_ENV: 'development', RENDER_AHEAD: 'off', DATA_DIR: mkdtempSync(`${tmpdir()}/origin-`) });
    const mismatched = startServer({ PUBLIC_ORIGIN: 'http://localhost:3000', RENDER_AHEAD: 'off', DATA_DIR: mkdtempSync(`${tmpdir()}/origin-`) });
    try {
      const devPort = await dev.listening;
      assert.match(dev.out().stdout, new RegExp(`"publicOrigin":"http://127.0.0.1:${devPort}"`));
      assert.doesNotMatch(dev.out().stdout, /PUBLIC_ORIGIN/);
      const port = await mismatched.listening;
      const warning = mismatched.out().stdout.split('\n').find((l) => l.includes('"level":40') && l.includes('PUBLIC_ORIGIN'));
      assert.ok(warning, mismatched.out().stdout);
      assert.ok(warning.includes(`listens on port ${port}`), warning);
      assert.ok(warning.includes(`PUBLIC_ORIGIN=http://127.0.0.1:${port}`), 'names the value to set');
    } finally {
      dev.child.kill('SIGKILL');
      mismatched.child.kill('SIGKILL');
    }
  });

  test('STRAPI_PREFIX moves every content call under the content service\'s own REST prefix', async () => {
    const strapi = await startFakeContentService((req) => {
      if (!req.path.startsWith('/cms/v5/')) return { status: 404, json: strapiError(404, 'NotFoundError', 'Not Found') };
      return pageAnswers({ ...req, path: req.path.replace('/cms/v5', '/api') });
    });
    const s = startServer({ STRAPI_URL: strapi.url, STRAPI_PREFIX: '/cms/v5/' });
    try {
      const port = await s.listening;
      const res = await fetch(`http://127.0.0.1:${port}/over-ons`);
      assert.equal(res.status, 200);
      assert.match(await res.text(), /Pagina over-ons/);
      assert.ok(strapi.requests.length > 0);
      assert.deepEqual(strapi.requests.filter((r) => !r.path.startsWith('/cms/v5/')), [], 'no call outside the prefix');
    } finally {
      s.child.kill('SIGKILL');
      await strapi.down();
    }
  });
});
