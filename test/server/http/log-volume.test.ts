// What a flood of hostile requests writes to the log. Each request keeps its one access line;
// the warnings a client can cause per request (a wrong webhook secret, a webhook for no payment
// of ours, a body that cannot be read) are written once per kind, then counted: one line a
// minute says how many more there were. The minute runs on a clock the test moves (here not at
// all: however long the flood takes on a busy machine, it is one window).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { setupDonations } from '../../../server/features/donations/donation-setup';
import { flushLimitedLog, setLimitedLogWindow } from '../../../server/http/warn-limit';
import { openDatabase } from '../../../server/store/database';
import { oldStamp } from '../forms/helpers';
import { captureLogger, tempDir } from '../store/helpers/setup';
import { fakeClock } from '../../support/fake-clock';
import { testApp, type LogLine } from '../../support/test-app';

const SECRET = 'the-webhook-secret-0123456789';
const ACCESS = 'request completed';

async function listen(t: { after(fn: () => Promise<void>): void }, app: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.after(() => new Promise<void>((r) => server.close(() => r())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** `n` requests, `at` at a time. */
async function send(n: number, at: number, one: (i: number) => Promise<Response>): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: at }, async () => {
    while (next < n) {
      const res = await one(next++);
      await res.arrayBuffer();
      statuses.push(res.status);
    }
  }));
  return statuses;
}

const notAccess = (lines: LogLine[]) => lines.filter((l) => l.msg !== ACCESS);

test('3,000 content-webhook posts with a wrong secret: 3,000 access lines, one warning, then the count', async (t) => {
  const { app, logs, logger } = testApp({ webhookSecret: SECRET });
  setLimitedLogWindow(logger, { timer: fakeClock().setTimeout });
  const base = await listen(t, app);
  const statuses = await send(3000, 20, (i) => fetch(`${base}/api/content-webhook`, { method: 'POST', headers: { authorization: `Bearer wrong-${i}`, 'content-type': 'application/json' }, body: '{"event":"entry.update"}' }));
  assert.ok(statuses.every((s) => s === 401));
  assert.equal(logs.filter((l) => l.msg === ACCESS).length, 3000, 'one access line per request, as before');
  const warnings = notAccess(logs);
  assert.ok(warnings.length <= 3, `${warnings.length} lines beside the access lines: ${[...new Set(warnings.map((l) => l.msg))].join(' | ')}`);
  assert.equal(warnings.filter((l) => l.msg === 'content webhook refused: wrong or missing secret').length, 1);

  // The minute's count (written at its end; here at once).
  flushLimitedLog(logger);
  const count = logs.find((l) => l.kind === 'content webhook refused: wrong or missing secret');
  assert.ok(count, 'the count is written');
  assert.equal(count.more, 2999);
  assert.equal(count.msg, '2999 more like this in the last minute: content webhook refused: wrong or missing secret');
  assert.equal(count.level, 40);
  // After the count the next one is counted again, not written.
  await send(1, 1, () => fetch(`${base}/api/content-webhook`, { method: 'POST', headers: { authorization: 'Bearer wrong' } }));
  assert.equal(logs.filter((l) => l.msg === 'content webhook refused: wrong or missing secret').length, 2, 'a new window starts with a written line');
});

test('hostile donation webhooks and unreadable posts: one line per kind, then counts', async (t) => {
  const dir = tempDir(t);
  const db = openDatabase(dir);
  t.after(async () => void db.close());
  const donationLog = captureLogger();
  const settings = { mollieMethods: ['ideal'], mollieCheckoutOrigin: 'https://www.mollie.com', testCheckoutEnabled: true, nodeEnv: 'production' };
  const { app, logs, logger } = testApp({ dataDir: dir, donations: (sink, publicOrigin) => setupDonations(settings, { db, sink, publicOrigin, logger: donationLog.logger }) });
  const clock = fakeClock();
  for (const l of [logger, donationLog.logger]) setLimitedLogWindow(l, { timer: clock.setTimeout });
  const base = await listen(t, app);
  const webhook = (body: string) => fetch(`${base}/api/donaties/webhook`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  const kinds = {
    unknownPayment: await send(500, 10, (i) => webhook(`id=tr_made${i}up`)),
    noId: await send(500, 10, () => webhook('nothing=here')),
    // More parameters than a webhook has: refused before any handler (413).
    unreadable: await send(500, 10, () => webhook('a=1&b=2&c=3&d=4&e=5&f=6&g=7')),
    // A form post from another site: refused (403), a page for the person.
    otherOrigin: await send(300, 10, () => fetch(`${base}/forms/contact`, { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, body: `name=x&_ts=${encodeURIComponent(oldStamp())}` })),
  };
  assert.deepEqual([...new Set(kinds.unknownPayment)], [200]);
  assert.deepEqual([...new Set(kinds.noId)], [200]);
  assert.deepEqual([...new Set(kinds.unreadable)], [413]);
  assert.deepEqual([...new Set(kinds.otherOrigin)], [403]);

  const all = () => [...logs, ...(donationLog.lines as LogLine[])];
  assert.equal(all().filter((l) => l.msg === ACCESS).length, 1800);
  const others = notAccess(all()).filter((l) => (l.level ?? 0) >= 30 && !/^donations paid|^content service|^render/.test(String(l.msg)));
  const byMessage = new Map<string, number>();
  for (const l of others) byMessage.set(String(l.msg), (byMessage.get(String(l.msg)) ?? 0) + 1);
  assert.ok([...byMessage.values()].every((n) => n === 1), `each kind once: ${JSON.stringify(Object.fromEntries(byMessage))}`);
  assert.ok(others.length <= 5, `${others.length} lines beside the access lines`);

  flushLimitedLog(logger);
  flushLimitedLog(donationLog.logger);
  const more = (kind: string) => all().find((l) => l.kind === kind)?.more;
  assert.equal(more('webhook for a payment of no donation here; ignored'), 499);
  assert.equal(more('donation webhook without a payment id; ignored'), 499);
  assert.equal(more('request refused: parameters.too.many'), 499);
});
