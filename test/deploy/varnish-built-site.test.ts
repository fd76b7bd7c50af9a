// The built server as an operator runs it (`node dist/server/index.cjs`, configured by its
// environment) behind a real Varnish: CACHE_PURGE_URLS and CACHE_PURGE_TOKEN reach the purger,
// a publish purges through the proxy, and /metrics counts the purge.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { parsePrometheusText, valueOf } from '../support/prometheus-text';
import { requireBuild } from '../support/require-build';
import { freePort } from '../support/spawn-server';
import { startVarnish, type StartedVarnish } from '../support/varnish';

const TOKEN = 'purge-token-0123456789';
const WEBHOOK_SECRET = 'webhook-secret-0123456789';

let site: ChildProcess;
let siteUrl: string;
const dataDir = mkdtempSync(path.join(tmpdir(), 'joinus-varnish-site-'));
let varnish: StartedVarnish;

before(async () => {
  requireBuild();
  // Varnish first, on a port it binds at once (its backend not up yet is fine), then the server
  // that purges through it. A port picked early and bound only once the server was ready was
  // open for seconds to a test of another folder running beside: CI's first answer "from
  // Varnish" was twice another process's, 1,743 bytes and closed.
  const sitePort = await freePort();
  varnish = await startVarnish({ backends: [{ host: '127.0.0.1', port: sitePort }], purgeToken: TOKEN });
  siteUrl = `http://127.0.0.1:${sitePort}`;
  site = spawn(process.execPath, ['dist/server/index.cjs'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(sitePort),
      PUBLIC_ORIGIN: siteUrl,
      LOG_LEVEL: 'warn',
      RENDER_AHEAD: 'off',
      DATA_DIR: dataDir,
      STRAPI_WEBHOOK_SECRET: WEBHOOK_SECRET,
      FORM_SECRET: 'form-secret-0123456789abcdef0123456789',
      CACHE_PURGE_URLS: varnish.origin,
      CACHE_PURGE_TOKEN: TOKEN,
    },
    // Its warnings and errors in the test's output: CI once saw Varnish's first answer cut off
    // ("other side closed") with nothing to tell why.
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const ready = async () => (await fetch(`${siteUrl}/readyz`).then((r) => r.status, () => 0)) === 200;
  // Ready before Varnish asks it anything: a machine busy with other test parts may take a while,
  // and a server that never got there is this test's failure, said as such.
  const started = performance.now();
  while (!(await ready())) {
    if (performance.now() - started > 90_000) throw new Error('the built server was not ready (/readyz 200) within 90 s');
    if (site.exitCode !== null) throw new Error(`the built server exited during startup (code ${site.exitCode})`);
    await new Promise((r) => setTimeout(r, 100));
  }
});

after(async () => {
  await varnish?.stop();
  site?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

test('a publish to the built server purges its page through Varnish, and /metrics counts the purge', async () => {
  const xCache = async (p: string) => {
    const res = await fetch(`${varnish.origin}${p}`);
    await res.arrayBuffer();
    return res.headers.get('x-cache');
  };
  await xCache('/blog');
  assert.equal(await xCache('/blog'), 'HIT');
  await xCache('/contact');
  const res = await fetch(`${siteUrl}/api/content-webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Webhook-Secret': WEBHOOK_SECRET },
    body: JSON.stringify({ event: 'entry.publish', model: 'blog-post', entry: { id: 11, documentId: 'newpost0000000000000000a' } }),
  });
  assert.equal(res.status, 204);
  const purges = async () => valueOf(parsePrometheusText(await (await fetch(`${siteUrl}/metrics`)).text()), 'joinus_proxy_purges_total', { outcome: 'ok' }) ?? 0;
  // The purge goes out after the webhook's answer: counted once Varnish said yes.
  let counted = 0;
  for (const started = performance.now(); counted === 0 && performance.now() - started < 1_000; ) {
    counted = await purges();
    if (counted === 0) await new Promise((r) => setTimeout(r, 20));
  }
  assert.equal(counted, 1, 'one purge, ok, within a second');
  assert.equal(await xCache('/blog'), 'MISS', 'the blog index lists the new post');
  assert.equal(await xCache('/contact'), 'HIT', 'the contact page shows no post');
});
