// A client that goes away is no failure of ours: a stopped download, a closed tab or an aborted
// preload is logged at info ("request aborted", "client went away"), never at error level as
// "request failed (500)" or a 5xx the client never received.
import assert from 'node:assert/strict';
import { request as httpRequest, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import request from 'supertest';
import { startFakeContentService } from '../../support/fake-content-service';
import { testApp, type LogLine } from '../../support/test-app';
import { until } from '../../support/until';
import { expectErrorLines } from '../../support/error-guard';

const servers: Server[] = [];
after(() => servers.forEach((s) => s.close()));

async function listen(app: Parameters<typeof createServer>[1]): Promise<number> {
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Asks for `path` and goes away after `ms`, before the answer comes. */
function goAway(port: number, path: string, ms: number, body?: string): Promise<void> {
  return new Promise((resolve) => {
    const req = httpRequest({ port, host: '127.0.0.1', path, method: body === undefined ? 'GET' : 'POST', headers: body === undefined ? {} : { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': '100000', Origin: 'http://localhost:3000' } });
    req.on('error', () => resolve());
    if (body !== undefined) req.write(body);
    else req.end();
    setTimeout(() => {
      req.destroy();
      resolve();
    }, ms);
  });
}

const lineFor = (logs: LogLine[], url: string) => logs.find((l) => (l.req as { url?: string } | undefined)?.url === url && /request (aborted|completed|errored)/.test(String(l.msg)));

test('a client that goes away is logged at info, never as a failure: a media download whose source fails after it left, a form post cut off mid-body', async (t) => {
  // The content service answers the file late and with an error: by then the visitor has gone.
  const strapi = await startFakeContentService(() => ({ status: 500, text: 'boom', delayMs: 600 }));
  t.after(() => strapi.down());
  const { app, logs } = testApp({ strapiUrl: strapi.url });
  const port = await listen(app);

  await goAway(port, '/uploads/foto_ab12cd.jpg', 150);
  await until(() => Boolean(lineFor(logs, '/uploads/foto_ab12cd.jpg')), 10_000);
  await goAway(port, '/forms/contact', 150, 'name=Anna&message=hal');
  await until(() => Boolean(lineFor(logs, '/forms/contact')), 10_000);

  for (const url of ['/uploads/foto_ab12cd.jpg', '/forms/contact']) {
    const line = lineFor(logs, url)!;
    assert.equal(line.level, 30, `${url}: ${JSON.stringify(line)}`);
    assert.equal(line.msg, 'request aborted', url);
  }
  const failures = logs.filter((l) => (l.level ?? 0) >= 50);
  assert.deepEqual(failures, [], 'no error-level line for a client that went away');
  assert.ok(!logs.some((l) => /request failed/.test(String(l.msg))));
});

test('a visitor who waits still gets the failure, logged as one', async (t) => {
  expectErrorLines('failed with status code 502');
  const strapi = await startFakeContentService(() => ({ status: 500, text: 'boom' }));
  t.after(() => strapi.down());
  const { app, logs } = testApp({ strapiUrl: strapi.url });
  const res = await request(app).get('/uploads/foto_ab12cd.jpg');
  assert.ok(res.status >= 500, String(res.status));
  // The access line of the answer sent is at error level, as every 5xx answer's.
  await until(() => Boolean(lineFor(logs, '/uploads/foto_ab12cd.jpg')), 10_000);
  assert.equal(lineFor(logs, '/uploads/foto_ab12cd.jpg')!.level, 50);
});
