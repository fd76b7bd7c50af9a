// What the proxy's public face shows, through a real Varnish (Debian's varnishd) with the site's
// own VCL in front of a test app: the addresses only the servers themselves ask (one replica
// asking another about a donation, a scrape of one replica's figures) never reach a replica
// from it, however they are spelled; and no answer Varnish keeps shows one client's rate-limit
// headers to the next (the site leaves them off, and the VCL drops them from what it stores).
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { DONATION_REPLICA_PATH, METRICS_PATH } from '../../src/routing/endpoints';
import { READINESS_PROBE_HEADER } from '../../server/http/shutdown';
import { testApp } from '../support/test-app';
import { until } from '../support/until';
import { startVarnish, type StartedVarnish } from '../support/varnish';

/** Answered by the listener itself, as a replica that forgot: cacheable, with one client's headers. */
const RAW_KEPT = '/raw/kept';
const RAW_OWN = '/raw/own';
const CLIENT_HEADERS = { RateLimit: '"x"; r=2; t=60', 'RateLimit-Policy': '"x"; q=3; w=60', 'Retry-After': '30' };

/** One request line as written, over a socket (fetch cannot send the absolute form); the status. */
function rawStatus(port: number, head: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${head}\r\nHost: site\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`));
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString()));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

describe("the proxy's public face", () => {
  let varnish: StartedVarnish;
  let server: Server;
  const seen: string[] = [];
  /** Each /readyz that reached the replica: who asked (the probe's User-Agent), with the probe's header or not. */
  const readyz: Array<{ agent: string; probeHeader: boolean }> = [];

  before(async () => {
    const { app } = testApp({ renderRateLimit: 50 });
    server = createServer((req, res) => {
      if (req.url !== '/readyz') seen.push(`${req.method} ${req.url}`);
      else readyz.push({ agent: req.headers['user-agent'] ?? '', probeHeader: req.headers[READINESS_PROBE_HEADER] !== undefined });
      if (req.url === RAW_KEPT) return void res.writeHead(200, { 'Cache-Control': 'public, max-age=0, s-maxage=60', 'Content-Type': 'text/plain', ...CLIENT_HEADERS }).end('kept');
      if (req.url === RAW_OWN) return void res.writeHead(429, { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain', ...CLIENT_HEADERS }).end('wait');
      app(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    varnish = await startVarnish({ backends: [{ host: '127.0.0.1', port: (server.address() as { port: number }).port }] });
  });
  after(async () => {
    await varnish?.stop();
    server?.close();
  });

  test('the class, an address only the servers ask is refused from the public face and never reaches a replica, however spelled: the replica endpoint in any case, with a slash, a query, the absolute form; the neighbour /metrics too', async () => {
    seen.length = 0;
    const upper = DONATION_REPLICA_PATH.toUpperCase();
    const posts = [DONATION_REPLICA_PATH, upper, `${DONATION_REPLICA_PATH}/`, `${DONATION_REPLICA_PATH}?x=1`, `/${DONATION_REPLICA_PATH}`];
    for (const path of posts) {
      const res = await fetch(`${varnish.origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Joinus-Replica-Signature': '1.x' }, body: '{}' });
      await res.arrayBuffer();
      assert.equal(res.status, 404, `POST ${path}`);
    }
    for (const head of [`POST http://site${DONATION_REPLICA_PATH} HTTP/1.1`, `POST HTTP://SITE${upper} HTTP/1.1`]) assert.equal(await rawStatus(varnish.port, head), 404, head);
    for (const path of [METRICS_PATH, `${METRICS_PATH}?name[]=x`, '/Metrics/']) {
      const res = await fetch(`${varnish.origin}${path}`);
      const body = await res.text();
      assert.equal(res.status, 404, `GET ${path}`);
      assert.doesNotMatch(body, /joinus_/);
    }
    assert.deepEqual(seen, [], 'no replica was asked');
    // What only looks like them goes through as before.
    const page = await fetch(`${varnish.origin}/contact?over=metrics`);
    await page.arrayBuffer();
    assert.equal(page.status, 200);
  });

  test("the class, a header the servers trust only from the proxy never comes from a visitor: the readiness probe's (which ends a replica's drain) reaches the replica on Varnish's own probe, not on a visitor's /readyz, however cased", async () => {
    await until(() => readyz.some((r) => r.agent === 'varnish-probe'), 5000, 50);
    readyz.length = 0;
    for (const name of ['X-Readiness-Probe', 'x-readiness-probe', 'X-READINESS-PROBE']) {
      const res = await fetch(`${varnish.origin}/readyz`, { headers: { [name]: '1', 'User-Agent': 'visitor' } });
      await res.arrayBuffer();
    }
    assert.ok(await until(() => readyz.some((r) => r.agent === 'varnish-probe'), 5000, 50), "Varnish's probe came again");
    const visitors = readyz.filter((r) => r.agent === 'visitor');
    assert.equal(visitors.length, 3, "the visitors' /readyz reached the replica");
    assert.deepEqual(visitors.filter((r) => r.probeHeader), [], "none with the probe's header");
    assert.ok(readyz.filter((r) => r.agent === 'varnish-probe').every((r) => r.probeHeader), "the probe's own carry it");
  });

  test("the class, no answer Varnish keeps carries one client's rate-limit headers (RateLimit, RateLimit-Policy, Retry-After): not a page the site rendered for that client, not one a replica sent with them; a client's own refusal keeps them", async () => {
    const asClient = (path: string, client: string) => fetch(`${varnish.origin}${path}`, { headers: { 'X-Forwarded-For': client } });
    for (const path of ['/over-ons', RAW_KEPT]) {
      const first = await asClient(path, '203.0.113.20');
      const second = await asClient(path, '198.51.100.20');
      await Promise.all([first.arrayBuffer(), second.arrayBuffer()]);
      assert.equal(second.headers.get('x-cache'), 'HIT', `${path} is kept`);
      for (const res of [first, second]) for (const header of Object.keys(CLIENT_HEADERS)) assert.equal(res.headers.get(header), null, `${header} on ${path} (${res.headers.get('x-cache')})`);
    }
    const own = await asClient(RAW_OWN, '203.0.113.20');
    await own.arrayBuffer();
    assert.equal(own.status, 429);
    assert.equal(own.headers.get('retry-after'), '30', 'an answer kept by no cache still tells its client');
    assert.ok(own.headers.get('ratelimit'));
  });
});
