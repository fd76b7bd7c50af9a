// 1. HTTP fuzzing: seeded random requests over keep-alive connections (and raw sockets), failing
// on any 5xx, a crash, an answer slower than the bound, a redirect to another host, or a
// keep-alive connection that stops answering. After a crash the fuzzing goes on against a
// restarted server, so one run shows every kind of failure.
import { startContent } from './content';
import { fuzzRequest, type FuzzRequest } from './fuzz-requests';
import { keepAliveAgent, rawExchange, send, type Outcome } from './http';
import { seededRandom } from './random';
import { percentile, type Report } from './report';
import { descriptors, sitemapPaths, sleep, startSite, type Site } from './site';

const PART = 'fuzz';
/** Renders and form posts are not limited here: the limits would answer most of the fuzzing. */
const ENV = { RENDER_RATE_LIMIT: '0', FORM_RATE_LIMIT: '1000000', FORM_RATE_LIMIT_NO_CAPTCHA: '1000000' };
/** Failures printed one by one; the rest are counted. */
const SHOWN = 25;

export async function fuzz(opts: { seed: number; requests: number; maxSeconds: number; connections: number; boundMs: number }, report: Report): Promise<void> {
  const content = await startContent();
  const env = { ...ENV, STRAPI_URL: content.url };
  let site = await startSite(env);
  try {
    // startSite returns once the startup work is done and the process is quiet: the time bound
    // is for a server doing its normal work (without render-ahead: a page is rendered on its
    // first request).
    const r = seededRandom(opts.seed);
    const paths = [...(await sitemapPaths(site.url)), '/healthz', '/robots.txt', '/sitemap.xml', '/api/captcha/challenge', '/uploads/avatar-1.svg', '/preview', '/en', '/nl', '/doneren'];
    const home = await (await fetch(site.url)).text();
    paths.push(...[...home.matchAll(/(?:href|src)="(\/[^"#?]+)"/g)].map((m) => m[1]!));
    const requests: FuzzRequest[] = Array.from({ length: opts.requests }, () => fuzzRequest(r, paths, site.url));
    const fdBefore = descriptors(site.pid, site.dataDir).total;
    const origin = new URL(site.url).origin;

    const counts = new Map<string, number>();
    const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
    const latencies: number[] = [];
    let problems = 0;
    const problem = (message: string) => {
      problems++;
      if (problems <= SHOWN) report.fail(PART, message);
    };
    const judge = (req: FuzzRequest & { kind: 'http' }, outcome: Outcome) => {
      const what = describe(req);
      if (!outcome.ok) {
        if (outcome.refusedByClient) return void count('not sent (node:http refused it)');
        // An answer whose headers node:http cannot read (over 16 KB: a long URL echoed in Location).
        if (outcome.code === 'HPE_HEADER_OVERFLOW') return void count('answers with headers over 16 KB');
        if (outcome.timedOut) return problem(`no answer within ${opts.boundMs} ms${outcome.reusedSocket ? ' on a reused keep-alive connection' : ''}: ${what}`);
        if (outcome.reusedSocket) return problem(`keep-alive connection dropped (${outcome.code}): ${what}`);
        // Refused or reset before any answer on a new connection, e.g. headers too large.
        return void count(`error ${outcome.code}`);
      }
      latencies.push(outcome.ms);
      count(`${Math.floor(outcome.status / 100)}xx`);
      if (outcome.status >= 500) problem(`${outcome.status}: ${what}`);
      if (outcome.ms > opts.boundMs) problem(`answered after ${Math.round(outcome.ms)} ms (bound ${opts.boundMs}): ${what}`);
      for (const header of ['location', 'x-rsc-redirect']) {
        const target = outcome.headers[header];
        if (typeof target === 'string' && !sameOrigin(target, origin)) problem(`${header}: ${target} (another host): ${what}`);
      }
    };

    let crashes = 0;
    /** Requests whose connection the crash cut: the one that caused it is among them. */
    const cut = new Set<FuzzRequest>();
    let restarting: Promise<void> | null = null;
    const restartAfterCrash = (crashed: Site) => {
      restarting ??= (async () => {
        crashes++;
        const suspects = [...cut].filter((q) => q.kind === 'raw' || q.sent.method === 'POST').map(describe);
        cut.clear();
        problem(`the server crashed (exit code ${crashed.exit?.code}); posts in flight: ${suspects.join(' | ').slice(0, 500)}`);
        site = await startSite(env, { dataDir: crashed.dataDir });
        restarting = null;
      })();
      return restarting;
    };
    /** Whether a failed exchange was cut by the process dying. */
    const crashedDuring = async (current: Site) => {
      await Promise.race([current.exited, sleep(2000)]);
      return current.exit !== null;
    };

    const started = performance.now();
    const deadline = started + opts.maxSeconds * 1000;
    let next = 0;
    let raws = 0;
    await Promise.all(
      Array.from({ length: opts.connections }, async () => {
        let agent = keepAliveAgent();
        while (next < requests.length && performance.now() < deadline) {
          if (site.exit) {
            await restartAfterCrash(site);
            agent.destroy();
            agent = keepAliveAgent();
          }
          const req = requests[next++]!;
          const current = site;
          if (req.kind === 'http') {
            const outcome = await send(req.sent, { port: current.port, agent, timeoutMs: opts.boundMs });
            if (!outcome.ok && !outcome.refusedByClient && (await crashedDuring(current))) {
              cut.add(req);
              continue;
            }
            judge(req, outcome);
          } else {
            raws++;
            const answer = await rawExchange(current.port, req.bytes, opts.boundMs);
            if (answer.statuses.length < 2 && (await crashedDuring(current))) {
              cut.add(req);
              continue;
            }
            if (!answer.closed) problem(`a connection stopped answering after ${answer.statuses.join(',') || 'no answer'}: ${describe(req)}`);
            for (const s of answer.statuses) if (s >= 500) problem(`${s} on a raw request: ${describe(req)}`);
          }
        }
        agent.destroy();
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    if (!(await fetch(`${site.url}/healthz`).then((res) => res.ok, () => false))) problem('the server no longer answers /healthz after the fuzzing');
    if (problems > SHOWN) report.fail(PART, `... and ${problems - SHOWN} more`);

    report.figure(PART, 'requests sent (seed)', `${next} of ${requests.length} in ${seconds.toFixed(0)} s (${opts.seed})`);
    report.figure(PART, 'of which raw-socket exchanges', raws);
    report.figure(PART, 'answers 2xx/3xx/4xx/5xx', ['2xx', '3xx', '4xx', '5xx'].map((k) => counts.get(k) ?? 0).join('/'));
    for (const [key, n] of counts) if (!/^\dxx$/.test(key)) report.figure(PART, key, n);
    report.figure(PART, 'latency p50/p99/max ms', `${Math.round(percentile(latencies, 50))}/${Math.round(percentile(latencies, 99))}/${Math.round(Math.max(0, ...latencies))}`);
    report.figure(PART, 'requests/s', next / seconds);
    report.figure(PART, 'crashes', crashes);
    report.figure(PART, 'problems (5xx, hangs, drops, redirects, crashes)', problems);
    if (crashes === 0) report.figure(PART, 'open descriptors before/after', `${fdBefore}/${descriptors(site.pid, site.dataDir).total}`);
  } finally {
    await site.stop();
    await content.close();
  }
}

function describe(q: FuzzRequest): string {
  if (q.kind === 'raw') return `raw ${q.bytes.subarray(0, 100).toString('latin1').split('\r\n')[0]} (${q.bytes.length} bytes)`;
  const type = q.sent.headers?.['Content-Type'];
  return `${q.sent.method} ${q.sent.path.slice(0, 100)}${type ? ` (${String(type).slice(0, 40)})` : ''}`;
}

function sameOrigin(target: string, origin: string): boolean {
  try {
    return new URL(target, origin).origin === origin;
  } catch {
    return false;
  }
}
