// Form posts that do not reach their end, over raw sockets against the app on a real port: a
// client that goes away mid-upload, one that trickles or stalls, a malformed body on a
// keep-alive connection. None may leave a descriptor, a file or a stuck handler behind.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readlinkSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { testApp, type TestAppOptions } from '../../support/test-app';
import { until } from '../../support/until';
import { ORIGIN, oldStamp } from './helpers';

const MB = 1024 * 1024;
const BOUNDARY = 'cutboundary';
const servers: Server[] = [];
after(() => {
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
});

async function listening(opts: TestAppOptions = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'joinus-cut-'));
  const site = testApp({ dataDir, ...opts });
  const server = createServer(site.app);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { ...site, port, dataDir, uploads: path.join(dataDir, 'uploads') };
}

/** Descriptors of this process open on anything under `dir`. */
function openUnder(dir: string): string[] {
  const links = readdirSync('/proc/self/fd').map((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      return '';
    }
  });
  return links.filter((l) => l.startsWith(dir));
}

/** Files left anywhere under the uploads directory. */
function filesUnder(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : [];
}

const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
/** A vacancy application up to the start of its CV's bytes. */
const applicationHead = () =>
  field('name', 'Noor') + field('email', 'noor@example.nl') + field('phone', '0612345678') + field('privacy', 'on') + field('_ts', oldStamp()) + field('_page', '/vacatures') +
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;

function postHead(length: number, extra = ''): string {
  return (
    `POST /forms/vacancy-application HTTP/1.1\r\nHost: localhost:3000\r\nOrigin: ${ORIGIN}\r\nAccept: application/json\r\n` +
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${length}\r\n${extra}\r\n`
  );
}

/** A raw connection and everything it has received. */
function rawClient(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  const state = { received: '', closed: false, error: null as null | Error };
  socket.on('data', (d) => (state.received += d.toString('latin1')));
  socket.on('close', () => (state.closed = true));
  socket.on('error', (err) => (state.error = err));
  const statuses = () => [...state.received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
  return { socket, state, statuses };
}

const cutLine = (logs: Array<Record<string, unknown>>, reason: string) => logs.find((l) => l.msg === 'form post cut short; nothing kept' && l.reason === reason);

describe('form posts cut short', { skip: process.platform !== 'linux' && 'reads /proc/self/fd' }, () => {
  test('a client that disconnects after 5 MB leaves no open file, no partial file, and a finished handler', async () => {
    const site = await listening();
    const client = rawClient(site.port);
    client.socket.write(postHead(50 * MB) + applicationHead());
    const chunk = Buffer.alloc(MB, 0x41);
    for (let i = 0; i < 5; i++) client.socket.write(chunk);
    // The upload is being written: its file is open.
    assert.ok(await until(() => openUnder(site.uploads).length === 1 && filesUnder(site.uploads).length === 1, 5000), 'the CV is being written');
    client.socket.destroy();

    assert.ok(await until(() => cutLine(site.logs, 'aborted') !== undefined, 5000), 'the handler finished');
    const line = cutLine(site.logs, 'aborted')!;
    assert.ok((line.bytes as number) >= MB, `the handler saw the upload (${String(line.bytes)} bytes) and finished`);
    assert.deepEqual(openUnder(site.uploads), [], 'no descriptor left open');
    assert.deepEqual(filesUnder(site.uploads), [], 'no partial file left');
  });

  test('an upload trickling in is cut at the total limit with a clear 408, and nothing is kept', async () => {
    const site = await listening({ bodyTimeouts: { idleMs: 1000, totalMs: 1500 } });
    const client = rawClient(site.port);
    const started = Date.now();
    client.socket.write(postHead(10 * MB) + applicationHead());
    // 1 KB every 100 ms: never idle, far too slow.
    const trickle = setInterval(() => !client.socket.destroyed && client.socket.write(Buffer.alloc(1024, 0x41)), 100);
    try {
      assert.ok(await until(() => client.state.closed, 5000), 'the connection was closed');
    } finally {
      clearInterval(trickle);
    }
    const elapsed = Date.now() - started;
    assert.deepEqual(client.statuses(), [408]);
    assert.match(client.state.received, /Connection: close/i);
    assert.match(client.state.received, /duurde te lang/);
    assert.ok(elapsed >= 1400 && elapsed < 3500, `cut after ${elapsed} ms, at the 1.5 s limit`);
    assert.ok(await until(() => cutLine(site.logs, 'too-slow') !== undefined, 2000), 'the handler finished');
    assert.deepEqual(openUnder(site.uploads), []);
    assert.deepEqual(filesUnder(site.uploads), []);
  });

  test('a urlencoded form body trickling in is cut at its deadline with a clear 408', async () => {
    const site = await listening({ bodyTimeouts: { idleMs: 1000, totalMs: 1500 } });
    const client = rawClient(site.port);
    const started = Date.now();
    const body = new URLSearchParams({ name: 'Sam', email: 'sam@example.nl', _ts: oldStamp(), _page: '/contact', message: 'x'.repeat(900) }).toString();
    client.socket.write(
      `POST /forms/contact HTTP/1.1\r\nHost: localhost:3000\r\nOrigin: ${ORIGIN}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    // A byte every 200 ms: never idle, done after minutes.
    let sent = 0;
    const trickle = setInterval(() => !client.socket.destroyed && sent < body.length && client.socket.write(body[sent++]!), 200);
    try {
      assert.ok(await until(() => client.state.closed, 6000), 'the connection was closed');
    } finally {
      clearInterval(trickle);
    }
    const elapsed = Date.now() - started;
    assert.deepEqual(client.statuses(), [408]);
    assert.match(client.state.received, /duurde te lang/);
    assert.ok(elapsed >= 1400 && elapsed < 3500, `cut after ${elapsed} ms, at the 1.5 s limit`);
  });

  test('a JSON body trickling in to the content webhook is cut at its deadline', async () => {
    const site = await listening({ bodyTimeouts: { idleMs: 1000, totalMs: 1500 }, webhookSecret: 'webhook-secret-0123456789' });
    const client = rawClient(site.port);
    const started = Date.now();
    const body = JSON.stringify({ event: 'entry.update', model: 'page', entry: { text: 'x'.repeat(900) } });
    client.socket.write(
      `POST /api/content-webhook HTTP/1.1\r\nHost: localhost:3000\r\nAuthorization: Bearer webhook-secret-0123456789\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    let sent = 0;
    const trickle = setInterval(() => !client.socket.destroyed && sent < body.length && client.socket.write(body[sent++]!), 200);
    try {
      assert.ok(await until(() => client.state.closed, 8000), 'the connection was closed');
    } finally {
      clearInterval(trickle);
    }
    const elapsed = Date.now() - started;
    assert.deepEqual(client.statuses(), [408]);
    assert.ok(elapsed < 5000, `cut after ${elapsed} ms, within the deadline and its grace`);
  });

  test('an upload that stalls is cut at the idle limit', async () => {
    const site = await listening({ bodyTimeouts: { idleMs: 500, totalMs: 10_000 } });
    const client = rawClient(site.port);
    const started = Date.now();
    client.socket.write(postHead(2 * MB) + applicationHead() + 'x'.repeat(64 * 1024));
    assert.ok(await until(() => client.state.closed, 5000), 'the connection was closed');
    const elapsed = Date.now() - started;
    assert.deepEqual(client.statuses(), [408]);
    assert.ok(elapsed < 2500, `cut after ${elapsed} ms of silence, at the 0.5 s idle limit`);
    assert.deepEqual(filesUnder(site.uploads), []);
  });

  test('an upload past 200 MB gets the size message at once, not a reset, and nothing is kept', async () => {
    const site = await listening();
    // 210 MB, then the client waits: the answer must come before the body's end.
    const answer = await new Promise<{ status: number; body: string; beforeEnd: boolean }>((resolve, reject) => {
      let ended = false;
      const req = httpRequest(
        { host: '127.0.0.1', port: site.port, method: 'POST', path: '/forms/vacancy-application', headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, Origin: ORIGIN, Accept: 'application/json' } },
        (res) => {
          let body = '';
          const beforeEnd = !ended;
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, body, beforeEnd });
            ended = true;
            req.end(`\r\n--${BOUNDARY}--\r\n`);
          });
        },
      );
      req.on('error', reject);
      req.write(applicationHead());
      const chunk = Buffer.alloc(MB, 0x41);
      let sentMb = 0;
      const pump = () => {
        while (sentMb < 210) {
          sentMb++;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        // Nothing came within 10 s: end the body (the answer then comes after it, and fails the test).
        setTimeout(() => !ended && ((ended = true), req.end(`\r\n--${BOUNDARY}--\r\n`)), 10_000).unref();
      };
      pump();
    });
    assert.equal(answer.status, 422);
    assert.match(JSON.parse(answer.body).errors.cv, /groter dan 100 MB.*downloadlink/);
    assert.ok(answer.beforeEnd, 'answered while the body was still coming');
    assert.ok(await until(() => filesUnder(site.uploads).length === 0 && openUnder(site.uploads).length === 0, 3000), 'nothing half-stored, nothing open');
  });

  test('a malformed multipart body is answered and its keep-alive connection answers the next request at once', async () => {
    const site = await listening();
    const client = rawClient(site.port);
    // A part header busboy refuses, then 2 MB more body: more than the socket buffers hold.
    const body = `--${BOUNDARY}\r\n${'X'.repeat(20_000)}\r\n\r\nv\r\n` + field('message', 'x'.repeat(2 * MB)) + `--${BOUNDARY}--\r\n`;
    const started = Date.now();
    client.socket.write(postHead(Buffer.byteLength(body)) + body);
    assert.ok(await until(() => client.statuses().length === 1, 3000), 'the post is answered');
    client.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost:3000\r\n\r\n');
    assert.ok(await until(() => client.statuses().length === 2, 3000, 20), 'the next request is answered');
    assert.deepEqual(client.statuses(), [400, 200]);
    assert.ok(Date.now() - started < 3000);
    assert.equal(client.state.closed, false, 'the connection stays usable');
    client.socket.destroy();
  });

  test('a post without a multipart boundary is answered and the connection answers the next request', async () => {
    const site = await listening();
    const client = rawClient(site.port);
    const body = 'y'.repeat(2 * MB);
    client.socket.write(postHead(body.length).replace(`; boundary=${BOUNDARY}`, '') + body);
    assert.ok(await until(() => client.statuses().length === 1, 3000), 'the post is answered');
    client.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost:3000\r\n\r\n');
    assert.ok(await until(() => client.statuses().length === 2, 3000, 20), 'the next request is answered');
    assert.deepEqual(client.statuses(), [400, 200]);
    client.socket.destroy();
  });
});
