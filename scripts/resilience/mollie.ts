// Mollie calls: a donation's payment id is in its checkout address, so anyone can post it to the
// webhook or open its status page again and again. The site with Mollie's real client pointed
// at a Mollie-shaped server: one donation through the form, then webhooks and status-page views
// for its payment at once, while it is open and again once it is paid, then webhooks for ids
// that are no payment of ours. The figure is how often Mollie was asked: a couple of times at
// once, then once per 5 s per payment (not once per request), and none for an unknown id.
// The site is one other parts share (run.ts), started with `mollieEnv`: every donation, payment
// and Mollie call is this part's.
import { Agent } from 'node:http';
import { send } from './http';
import type { Report } from './report';
import { oldStamp, type Site } from './site';
import { startFakeMollie } from '../../test/support/fake-mollie';

const PART = 'mollie';
/** The site's pace for one payment: two calls at once, then one per this. */
const EVERY_MS = 5_000;

export type FakeMollie = Awaited<ReturnType<typeof startFakeMollie>>;
export { startFakeMollie };

/** What the site needs to take donations through `fake`. */
export const mollieEnv = (fake: FakeMollie): Record<string, string> => ({
  MOLLIE_API_KEY: 'test_resilience0123456789abcdef',
  MOLLIE_API_ENDPOINT: fake.endpoint,
  // The client pins its own root certificates; the fake's certificate is self-signed.
  NODE_TLS_REJECT_UNAUTHORIZED: '0',
});

export async function mollie(target: { site: Site; fake: FakeMollie }, opts: { webhooks: number; views: number; unknown: number; connections: number }, report: Report): Promise<void> {
  const { fake } = target;
  const { port, url } = target.site;
  const agent = new Agent({ keepAlive: true, maxSockets: opts.connections });
  const go = (method: string, p: string, body?: string, headers: Record<string, string> = {}) =>
    send({ method, path: p, body, headers: body ? { 'Content-Type': 'application/x-www-form-urlencoded', ...headers } : headers }, { port, agent, timeoutMs: 15_000 });
  try {
    const form = new URLSearchParams({ firstname: 'Eva', lastname: 'Smit', email: 'eva@example.nl', amount: '25', frequency: 'once', terms: 'on', _page: '/doneren', _locale: 'nl', _ts: oldStamp() });
    const posted = await go('POST', '/forms/donation', form.toString(), { Origin: url });
    const location = posted.ok ? String(posted.headers.location ?? '') : '';
    const paymentId = /tr_[0-9a-f]+$/.exec(location)?.[0];
    if (!paymentId) return report.fail(PART, `the donation form was answered ${posted.ok ? `${posted.status} ${location}` : posted.error}, not a 303 to Mollie's checkout`);
    const redirect = new URL(String(fake.payments.get(paymentId)!.redirectUrl));
    const statusPage = redirect.pathname + redirect.search;
    const asked = () => fake.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v2/payments/')).length;

    /** Webhooks and views for the payment, interleaved, `connections` at a time. */
    async function flood(label: string): Promise<void> {
      const before = asked();
      const jobs = [
        ...Array.from({ length: opts.webhooks }, () => () => go('POST', '/api/donaties/webhook', `id=${paymentId}`)),
        ...Array.from({ length: opts.views }, () => () => go('GET', statusPage)),
      ].sort(() => 0.5 - Math.random());
      const started = performance.now();
      const failures = await runAll(jobs, opts.connections);
      const seconds = (performance.now() - started) / 1000;
      const calls = asked() - before;
      const allowed = 2 + Math.ceil(seconds / (EVERY_MS / 1000));
      report.figure(PART, `${label}: ${opts.webhooks} webhooks + ${opts.views} views, Mollie calls`, calls);
      report.figure(PART, `${label}: seconds`, seconds);
      if (failures.length) report.fail(PART, `${label}: ${failures.length} requests not answered 200 (${failures.slice(0, 3).join(', ')})`);
      if (calls > allowed) report.fail(PART, `${label}: Mollie was asked ${calls} times in ${seconds.toFixed(1)} s for one payment (at most ${allowed})`);
    }

    await flood('open payment');
    // Paid at the bank while the floods go on: the site may not ask yet, and must not miss it.
    fake.settle(paymentId, 'paid');
    const paidAt = performance.now();
    await flood('paid meanwhile');
    const paid = await until(async () => (await (await fetch(`${url}${statusPage}`)).text()).includes('status-paid'), EVERY_MS + 5_000);
    if (!paid) report.fail(PART, `the status page did not say paid within ${(EVERY_MS + 5_000) / 1000} s of the payment`);
    else report.figure(PART, 'paid shown on the status page after, s', (performance.now() - paidAt) / 1000);

    const before = asked();
    const unknown = await runAll(Array.from({ length: opts.unknown }, (_, i) => () => go('POST', '/api/donaties/webhook', `id=tr_madeup${i}x`)), opts.connections);
    report.figure(PART, `${opts.unknown} webhooks for unknown ids, Mollie calls`, asked() - before);
    if (asked() > before) report.fail(PART, `webhooks for ids that are no payment of ours asked Mollie ${asked() - before} times`);
    if (unknown.length) report.fail(PART, `${unknown.length} webhooks for unknown ids not answered 200`);
  } finally {
    agent.destroy();
  }
}

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return check();
}

/** Runs the jobs `at` at a time; the failures (not 200) as short strings. */
async function runAll(jobs: Array<() => ReturnType<typeof send>>, at: number): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: at }, async () => {
    while (next < jobs.length) {
      const outcome = await jobs[next++]!();
      if (!outcome.ok) failures.push(outcome.code);
      else if (outcome.status !== 200) failures.push(String(outcome.status));
    }
  }));
  return failures;
}
