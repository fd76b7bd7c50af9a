// Connections against the built server as an operator runs it: a client that sends its headers
// slowly is cut at the headers deadline, and a flood of slow connections larger than the
// process's open-file limit neither stops /healthz nor goes unlogged.
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

/** The built server under `ulimit -n {openFiles}`, its log lines as they come. */
async function startServer(env: Record<string, string>, openFiles = 1024) {
  requireBuild();
  const port = await freePort();
  const child = spawn('sh', ['-c', `ulimit -n ${openFiles} && exec "$0" dist/server/index.cjs`, process.execPath], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', RENDER_AHEAD: 'off', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'joinus-conn-')), FORM_SECRET: 'test-secret-for-forms-0123456789', ...env },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  children.push(child);
  const lines: Array<Record<string, unknown>> = [];
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString('utf8')).split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) if (line.startsWith('{')) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  const url = `http://127.0.0.1:${port}`;
  let up = false;
  for (let i = 0; i < 150 && !up; i++) {
    up = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (!up) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(up, 'the server answers /healthz');
  return { child, port, url, lines };
}

/** A connection that sends the start of a request head and then nothing. */
function slowHeaders(port: number) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  const state = { received: '', closed: false };
  socket.on('data', (d: Buffer) => (state.received += d.toString('latin1')));
  socket.on('close', () => (state.closed = true));
  socket.on('error', () => {});
  socket.on('connect', () => socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: '));
  return { socket, state };
}

/** /healthz on a fresh connection within `ms`: its status, or why not. */
async function health(url: string, ms = 2000): Promise<number | string> {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(ms), headers: { Connection: 'close' } });
    return res.status;
  } catch (err) {
    return (err as Error).name;
  }
}

describe('connections', { skip: process.platform !== 'linux' && 'needs sh and ulimit' }, () => {
  test('a client that sends its headers slowly is cut at HEADERS_TIMEOUT_MS', async () => {
    const site = await startServer({ HEADERS_TIMEOUT_MS: '1000' });
    const started = Date.now();
    const slow = slowHeaders(site.port);
    // A byte every 300 ms: never idle, never done.
    const trickle = setInterval(() => !slow.socket.destroyed && slow.socket.write('a'), 300);
    try {
      assert.ok(await until(() => slow.state.closed, 6000, 20), 'the connection was closed');
    } finally {
      clearInterval(trickle);
    }
    const elapsed = Date.now() - started;
    assert.ok(elapsed >= 900 && elapsed < 3000, `cut after ${elapsed} ms, at the 1 s headers deadline`);
    assert.match(slow.state.received, /^HTTP\/1\.1 408/);
  });

  test('slow connections past the open-file limit: /healthz keeps answering and the log says the bound was reached', async () => {
    // 256 descriptors: without a bound below that, accept() fails and every request with it.
    const site = await startServer({}, 256);
    const statuses: Array<number | string> = [];
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 150; i++) slowHeaders(site.port);
      await new Promise((r) => setTimeout(r, 150));
      statuses.push(await health(site.url));
    }
    assert.deepEqual(statuses, [200, 200, 200, 200], '/healthz answered throughout');
    assert.ok(await until(() => site.lines.some((l) => l.msg === 'connection bound reached'), 3000), 'the log says the bound was reached');
    const line = site.lines.find((l) => l.msg === 'connection bound reached')!;
    assert.equal(typeof line.maxConnections, 'number');
    assert.ok((line.maxConnections as number) < 256, `bound ${String(line.maxConnections)} below the open-file limit`);
    // One line for the first time, not one per refused connection.
    assert.ok(site.lines.filter((l) => l.msg === 'connection bound reached').length <= 2, 'no line per connection');
  });
});
