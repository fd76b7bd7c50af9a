// Log volume: what hostile requests write to the log, at the production level (info). A mix
// anyone can send: the content webhook with a wrong secret, donation webhooks for ids that are
// no payment of ours or with no id at all, a webhook body the parser refuses, form posts from
// another site, a bot's form posts until the rate limit refuses them. Each request keeps its
// one access line; the warnings they cause are written once per kind, then counted (the counts
// come at the end of each minute, and at shutdown). Figures per 1,000 requests.
import { Agent } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { send, type Sent } from './http';
import type { Report } from './report';
import { FORM_SECRET, logWritten, oldStamp, WEBHOOK_SECRET } from './site';
import { spawnServer } from '../../test/support/spawn-server';

const PART = 'log-volume';
const ACCESS = 'request completed';
const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** The hostile requests, in turn. */
const KINDS: Array<(i: number, url: string) => Sent> = [
  (i) => ({ method: 'POST', path: '/api/content-webhook', headers: { Authorization: `Bearer guess-${i}`, 'Content-Type': 'application/json' }, body: '{"event":"entry.update","model":"page"}' }),
  (i) => ({ method: 'POST', path: '/api/donaties/webhook', headers: form, body: `id=tr_guess${i}x` }),
  () => ({ method: 'POST', path: '/api/donaties/webhook', headers: form, body: 'status=paid' }),
  () => ({ method: 'POST', path: '/api/donaties/webhook', headers: form, body: 'a=1&b=2&c=3&d=4&e=5&f=6&g=7' }),
  () => ({ method: 'POST', path: '/forms/contact', headers: { ...form, Origin: 'https://elsewhere.example' }, body: `name=x&_ts=${encodeURIComponent(oldStamp())}` }),
  (i, url) => ({ method: 'POST', path: '/forms/contact', headers: { ...form, Origin: url }, body: new URLSearchParams({ name: 'Bot', email: `bot${i}@example.nl`, message: 'Buy now', privacy: 'on', website: 'http://spam.example', _ts: oldStamp(), _page: '/contact' }).toString() }),
];

export async function logVolume(opts: { requests: number; connections: number }, report: Report): Promise<void> {
  const lines: Array<Record<string, unknown>> = [];
  const { child, port, url } = await spawnServer(
    { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'joinus-resilience-')), FORM_SECRET, STRAPI_WEBHOOK_SECRET: WEBHOOK_SECRET, LOG_LEVEL: 'info' },
    { onLogLine: (line) => lines.push(parse(line)) },
  );
  const agent = new Agent({ keepAlive: true, maxSockets: opts.connections });
  const statuses = new Map<string, number>();
  // The startup's lines are counted out, once they are written.
  await logWritten();
  const from = lines.length;
  try {
    let next = 0;
    await Promise.all(Array.from({ length: opts.connections }, async () => {
      while (next < opts.requests) {
        const i = next++;
        const outcome = await send(KINDS[i % KINDS.length]!(i, url), { port, agent, timeoutMs: 10_000 });
        const key = outcome.ok ? String(outcome.status) : outcome.code;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
    }));
    await new Promise((r) => setTimeout(r, 300));
  } finally {
    agent.destroy();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  const during = lines.slice(from).filter((l) => !/^shutting down|^shutdown complete/.test(String(l.msg)));
  const counts = during.filter((l) => typeof l.more === 'number');
  const written = during.filter((l) => l.msg !== ACCESS && typeof l.more !== 'number');
  const access = during.filter((l) => l.msg === ACCESS).length;
  const per1000 = (n: number) => (n * 1000) / opts.requests;
  const kinds = new Set(written.map((l) => String(l.msg)));

  report.figure(PART, 'hostile requests (answers)', `${opts.requests} (${[...statuses].sort().map(([s, n]) => `${n}x${s}`).join(' ')})`);
  report.figure(PART, 'lines per 1,000 requests', per1000(during.length));
  report.figure(PART, 'access lines per 1,000', per1000(access));
  report.figure(PART, 'other lines per 1,000 (kinds)', `${per1000(written.length).toFixed(1)} (${kinds.size})`);
  report.figure(PART, 'counted, not written (count lines)', `${counts.reduce((sum, l) => sum + (l.more as number), 0)} (${counts.length})`);
  if (access !== opts.requests) report.fail(PART, `${access} access lines for ${opts.requests} requests (one each expected)`);
  // One line per kind, and one more where a count window ended during the run.
  if (written.length > 2 * kinds.size + 2) report.fail(PART, `${written.length} warning lines of ${kinds.size} kinds for ${opts.requests} requests: repeated lines are not limited (${[...kinds].join(' | ')})`);
  if ([...statuses.keys()].some((s) => s.startsWith('5') || !/^\d+$/.test(s))) report.fail(PART, `answers: ${JSON.stringify(Object.fromEntries(statuses))}`);
}

function parse(line: string): Record<string, unknown> {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return { msg: line };
  }
}
