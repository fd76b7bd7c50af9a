// 8. /readyz from the internet: many requests from public addresses (through the proxy on
// loopback, X-Forwarded-For) against the site on the fake content service. The content service
// is asked at most once per readiness interval (5 s) however many come, no public answer
// carries the operator's figures, and READY_TOKEN still shows them to an operator (the counters are on /metrics).
// It runs on the shared accounts site (run.ts), started with READY_TOKEN, after the account
// parts: nothing else asks for /readyz there, and the calls counted are those made from its start.
import { Agent } from 'node:http';
import { send } from './http';
import { percentile, type Report } from './report';
import type { Site } from './site';
import type { FakeContentService } from '../../test/support/fake-content-service';

const PART = 'readyz';
/** The operator's token the site is started with. */
export const READY_TOKEN = 'resilience-ready-token-0123456789';
/** server/http/health.ts READY_CHECK_MS. */
const CHECK_EVERY_MS = 5_000;

export type ReadyzProfile = { requests: number; concurrency: number };

/** `site` with READY_TOKEN, over `upstream`, the content service it pings. */
export async function readyz(target: { site: Site; upstream: FakeContentService }, opts: ReadyzProfile, report: Report): Promise<void> {
  const { site, upstream } = target;
  const agent = new Agent({ keepAlive: true, maxSockets: opts.concurrency });
  try {
    const pings = () => upstream.requests.filter((r) => r.path === '/api/i18n/locales').length;
    const before = pings();
    const started = performance.now();
    let next = 0;
    let withCounters = 0;
    let notReady = 0;
    const ms: number[] = [];
    const asker = async () => {
      while (next < opts.requests) {
        const i = next++;
        const answer = await send(
          { method: 'GET', path: '/readyz', headers: { 'X-Forwarded-For': `203.0.113.${i % 250}` } },
          { port: site.port, agent, timeoutMs: 10_000 },
        );
        ms.push(answer.ms);
        if (!answer.ok || answer.status !== 200) notReady += 1;
      }
    };
    await Promise.all(Array.from({ length: opts.concurrency }, asker));
    const seconds = (performance.now() - started) / 1000;
    const calls = pings() - before;
    // The bodies: a sample of public ones, and the operator's.
    for (let i = 0; i < 20; i++) {
      const body = (await (await fetch(`${site.url}/readyz`, { headers: { 'X-Forwarded-For': '198.51.100.7' } })).json()) as Record<string, unknown>;
      if ('checkedMsAgo' in body) withCounters += 1;
    }
    const operator = (await (await fetch(`${site.url}/readyz`, { headers: { 'X-Forwarded-For': '198.51.100.7', Authorization: `Bearer ${READY_TOKEN}` } })).json()) as Record<string, unknown>;

    const allowed = Math.ceil((seconds * 1000) / CHECK_EVERY_MS) + 1;
    if (notReady) report.fail(PART, `${notReady} of ${opts.requests} /readyz answers were not 200`);
    if (calls > allowed) report.fail(PART, `${opts.requests} /readyz requests in ${seconds.toFixed(1)} s made ${calls} content-service requests (at most ${allowed})`);
    if (withCounters) report.fail(PART, `${withCounters} of 20 public /readyz answers showed the operator's figures`);
    if (typeof operator.checkedMsAgo !== 'number') report.fail(PART, 'with READY_TOKEN the operator\'s figures were not shown');
    if ('cache' in operator) report.fail(PART, 'the cache counters are on /metrics, yet /readyz still shows them');
    report.figure(PART, `/readyz requests (in ${seconds.toFixed(1)} s)`, opts.requests);
    report.figure(PART, 'content-service requests they made', calls);
    report.figure(PART, '/readyz p50 / p99 ms', `${percentile(ms, 50).toFixed(1)} / ${percentile(ms, 99).toFixed(1)}`);
    report.figure(PART, 'public answers with operator figures / with token', `${withCounters}/20 / ${typeof operator.checkedMsAgo === 'number' ? 'yes' : 'no'}`);
  } finally {
    agent.destroy();
  }
}
