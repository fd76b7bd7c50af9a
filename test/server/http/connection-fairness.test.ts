// Class: one client holding the places of others. An address that connects directly holds at
// most its share of the open connections: past it, its own longest-waiting connection makes
// room, or its new one is refused when all of its own are busy, never another client's. A proxy's
// address (TRUST_PROXY) carries many visitors and has no such share. The clients are loopback
// addresses of their own (127.0.0.2, .3, .4), as different machines would be.
import assert from 'node:assert/strict';
import { createServer, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { test } from 'node:test';
import pino from 'pino';
import { boundConnections } from '../../../server/http/connections';
import { until } from '../../support/until';

test('fair per client: a direct address past its share loses its own longest-waiting connection (or its new one when all are busy), never another\'s; a proxy\'s address has no share', async (t) => {
  const held: ServerResponse[] = [];
  const server = createServer((_req, res) => void held.push(res));
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  boundConnections(server, 100, logger, { perClient: 3, isProxy: (address) => address.endsWith('127.0.0.3') });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  const sockets: Socket[] = [];
  t.after(() => {
    for (const s of sockets) s.destroy();
    for (const res of held) res.destroy();
    server.close();
  });
  const closed = new Set<Socket>();
  const open = async (from: string): Promise<Socket> => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: from });
    socket.on('error', () => undefined);
    socket.on('close', () => closed.add(socket));
    sockets.push(socket);
    await once(socket, 'connect');
    return socket;
  };
  // The server has seen every connection made so far.
  const settled = async () => new Promise((r) => setTimeout(r, 100));

  const a = [await open('127.0.0.2'), await open('127.0.0.2'), await open('127.0.0.2')];
  const b = [await open('127.0.0.4'), await open('127.0.0.4')];
  await settled();
  assert.equal(closed.size, 0, 'within their shares: all open');

  // A fourth from A: A's own longest-waiting one makes room; B keeps both.
  const a4 = await open('127.0.0.2');
  assert.ok(await until(() => closed.has(a[0]!), 5_000), 'A\'s first connection closed');
  await settled();
  assert.deepEqual([...closed], [a[0]], 'only A\'s longest-waiting one went');
  assert.ok(b.every((s) => !closed.has(s)));

  // All of A's busy with a request in progress: A's new one is refused, not B's nor A's busy ones.
  const busy = [a[1]!, a[2]!, a4];
  for (const s of busy) s.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
  assert.ok(await until(() => held.length === 3, 5_000), 'three requests in progress');
  const a5 = await open('127.0.0.2');
  assert.ok(await until(() => closed.has(a5), 5_000), 'A\'s new connection refused');
  await settled();
  assert.ok(busy.every((s) => !closed.has(s)), 'the busy ones stay');
  assert.ok(b.every((s) => !closed.has(s)), 'B\'s stay');

  // The proxy's address: ten at once, none closed.
  const proxied = [];
  for (let i = 0; i < 10; i++) proxied.push(await open('127.0.0.3'));
  await settled();
  assert.ok(proxied.every((s) => !closed.has(s)), 'a proxy carries many visitors');
  assert.ok(lines.some((l) => l.msg === 'connection bound reached' && l.perClient === true), 'the log says a client reached its share');
});
