// Request bodies against the built server as an operator runs it, behind a proxy on loopback
// (TRUST_PROXY's default; each client named by X-Forwarded-For, as Varnish names it): a body
// that trickles is cut by its rate, whatever its type and path, long before its deadlines; a
// body to a path that takes none is refused unread; and one client's trickling bodies cannot
// hold every connection: /healthz and another client are still answered (issue 38).
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { freePort } from '../../support/spawn-server';
import { requireBuild } from '../../support/require-build';
import { until } from '../../support/until';

const children: ChildProcess[] = [];
const sockets: Socket[] = [];
after(() => {
  for (const s of sockets) s.destroy();
  for (const c of children) c.kill('SIGKILL');
});

const BOUNDARY = 'slowboundary';
/** Short deadlines would cut a trickle anyway: these are long, so only the rate can. */
const ENV = { MAX_CONNECTIONS: '24', MAX_BODIES_PER_CLIENT: '4', BODY_MIN_BYTES_PER_S: '200', BODY_RATE_GRACE_MS: '1000', FORM_POST_TIMEOUT_MS: '60000', FORM_POST_IDLE_TIMEOUT_MS: '30000' };

async function startServer(env: Record<string, string>) {
  requireBuild();
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/index.cjs'], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn', RENDER_AHEAD: 'off', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'joinus-bodies-')), FORM_SECRET: 'test-secret-for-forms-0123456789', ...env },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  let up = false;
  for (let i = 0; i < 150 && !up; i++) {
    up = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (!up) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(up, 'the server answers /healthz');
  return { port, url };
}

type Body = { type: 'multipart' | 'urlencoded'; path: string; client: string };

/** A post whose head comes at once and whose body a byte every `everyMs`; what it received, and when it was closed. */
function trickle(port: number, origin: string, body: Body, everyMs: number) {
  const content =
    body.type === 'multipart'
      ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="message"\r\n\r\n${'x'.repeat(2000)}\r\n--${BOUNDARY}--\r\n`
      : new URLSearchParams({ name: 'Sam', email: 'sam@example.nl', message: 'x'.repeat(2000) }).toString();
  const type = body.type === 'multipart' ? `multipart/form-data; boundary=${BOUNDARY}` : 'application/x-www-form-urlencoded';
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  const state = { received: '', closedAt: 0, opened: Date.now() };
  socket.on('data', (d: Buffer) => (state.received += d.toString('latin1')));
  socket.on('close', () => (state.closedAt = Date.now()));
  socket.on('error', () => {});
  let sent = 0;
  const timer = setInterval(() => (socket.destroyed || sent >= content.length ? clearInterval(timer) : socket.write(content[sent++]!)), everyMs);
  socket.on('close', () => clearInterval(timer));
  socket.write(`POST ${body.path} HTTP/1.1\r\nHost: localhost\r\nOrigin: ${origin}\r\nX-Forwarded-For: ${body.client}\r\nContent-Type: ${type}\r\nContent-Length: ${content.length}\r\n\r\n`);
  return { socket, state, status: () => /^HTTP\/1\.1 (\d{3})/.exec(state.received)?.[1] ?? 'none', heldMs: () => (state.closedAt || Date.now()) - state.opened };
}

/** /healthz on a fresh connection: its status, or why not. */
async function health(url: string): Promise<number | string> {
  return fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000), headers: { Connection: 'close' } }).then(
    (r) => r.status,
    (err: Error) => err.name,
  );
}

describe('request bodies', () => {
  test('a body in progress holds no slot past its rate, whatever its type and path: urlencoded and multipart, to a page and to a form', async () => {
    const site = await startServer(ENV);
    const bodies: Body[] = [
      { type: 'multipart', path: '/', client: '203.0.113.1' },
      { type: 'urlencoded', path: '/over-ons', client: '203.0.113.2' },
      { type: 'multipart', path: '/forms/contact', client: '203.0.113.3' },
      { type: 'urlencoded', path: '/forms/contact', client: '203.0.113.4' },
    ];
    // Three bytes a second: never idle, far below the 200 B/s floor.
    const posts = bodies.map((b) => ({ body: b, post: trickle(site.port, site.url, b, 300) }));
    assert.ok(await until(() => posts.every((p) => p.post.state.closedAt > 0), 8000, 20), `every trickle closed: ${posts.map((p) => `${p.body.type} ${p.body.path} ${p.post.status()} after ${p.post.heldMs()} ms`).join('; ')}`);
    for (const { body, post } of posts) {
      const what = `${body.type} to ${body.path}`;
      if (body.path.startsWith('/forms/')) {
        // Cut at the rate floor (1 s grace, then checked each second), not the 30 s or 60 s deadline.
        assert.equal(post.status(), '408', what);
        assert.ok(post.heldMs() < 5000, `${what} held ${post.heldMs()} ms`);
      } else {
        // A page takes no body: refused at once, unread.
        assert.equal(post.status(), '413', what);
        assert.ok(post.heldMs() < 1000, `${what} held ${post.heldMs()} ms`);
      }
    }
  });

  test('one client trickling many bodies holds no more than its share: /healthz and a second client are still answered', async () => {
    const site = await startServer(ENV);
    // Twice the connection bound, from one client, to the vacancy form, a byte a second.
    const attacker = Array.from({ length: 48 }, () => trickle(site.port, site.url, { type: 'multipart', path: '/forms/vacancy-application', client: '198.51.100.7' }, 1000));
    await until(() => attacker.filter((a) => a.state.closedAt > 0).length >= 40, 3000, 20);
    const refused = attacker.filter((a) => a.status() === '429').length;
    const healths: Array<number | string> = [];
    for (let i = 0; i < 4; i++) {
      healths.push(await health(site.url));
      await new Promise((r) => setTimeout(r, 100));
    }
    // Another client's form post, sent whole.
    const body = new URLSearchParams({ name: 'Noor', email: 'noor@example.nl', message: 'Hallo', privacy: 'on' }).toString();
    const other = await fetch(`${site.url}/forms/contact`, {
      method: 'POST',
      headers: { Origin: site.url, 'X-Forwarded-For': '198.51.100.8', 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json', Connection: 'close' },
      body,
      signal: AbortSignal.timeout(5000),
    }).then((r) => r.status, (err: Error) => err.name);
    assert.ok(refused >= 40, `${refused} of the client's 48 bodies refused at once (at most 4 in progress)`);
    assert.deepEqual(healths, [200, 200, 200, 200], '/healthz answered');
    assert.equal(typeof other, 'number', `the other client was answered (${other})`);
    assert.ok((other as number) < 500, `the other client got ${other}`);
  });
});
