// 6. Cache-busting load: one client (from 127.0.0.2) asks for ever-new renders (new searches,
// new page numbers, `?debug`, unknown parameters) while another (127.0.0.1) browses cached
// pages. The browsing client's throughput and p99 must stay within a bound of what it gets
// alone; the per-client render limit (RENDER_RATE_LIMIT) is what keeps them there.
import { keepAliveAgent, send } from './http';
import { seededRandom, type Random } from './random';
import { percentile, type Report } from './report';
import { sitemapPaths, type Site } from './site';

const PART = 'cache-busting';
/** The browsing client keeps at least this share of its throughput... */
const MIN_THROUGHPUT_SHARE = 0.5;
/** ...and its p99 stays under this many times its own, or this many ms, whichever is more. */
const P99_FACTOR = 5;
const P99_FLOOR_MS = 250;

type Load = { requests: number; rps: number; p50: number; p99: number; errors: number; statuses: Map<number, number> };

async function load(site: Site, opts: { connections: number; ms: number; localAddress: string; next: () => string }): Promise<Load> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let errors = 0;
  const end = performance.now() + opts.ms;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      const agent = keepAliveAgent();
      while (performance.now() < end && !site.exit) {
        const answer = await send({ method: 'GET', path: opts.next(), headers: { 'Accept-Encoding': 'gzip' } }, { port: site.port, agent, localAddress: opts.localAddress, timeoutMs: 10_000 });
        if (!answer.ok) errors++;
        else {
          latencies.push(answer.ms);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        }
      }
      agent.destroy();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { requests: latencies.length, rps: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors, statuses };
}

function busting(r: Random): () => string {
  return () => {
    const roll = r.int(0, 4);
    if (roll === 0) return `/locaties?postcode=${r.int(1000, 9999)}${r.string(2, 'ABCDEFGHJKLMNPRSTVWXZ')}&age=${r.int(12, 30)}`;
    if (roll === 1) return `/blog?pagina=${r.int(2, 100_000)}`;
    if (roll === 2) return `/?debug=${r.string(6)}`;
    if (roll === 3) return `/?${r.string(8)}=${r.string(8)}`;
    return `/vacatures?categorie=${r.string(6)}&pagina=${r.int(1, 1000)}`;
  };
}

export async function cacheBusting(site: Site, opts: { seed: number; seconds: number; browsers: number; attackers: number }, report: Report): Promise<void> {
  const r = seededRandom(opts.seed + 6);
  const pages = (await sitemapPaths(site.url)).slice(0, 30);
  for (const p of pages) await fetch(`${site.url}${p}`).then((res) => res.arrayBuffer());
  let i = 0;
  const browse = () => pages[i++ % pages.length]!;
  const ms = opts.seconds * 1000;

  const alone = await load(site, { connections: opts.browsers, ms, localAddress: '127.0.0.1', next: browse });
  const [beside, attacker] = await Promise.all([
    load(site, { connections: opts.browsers, ms, localAddress: '127.0.0.1', next: browse }),
    load(site, { connections: opts.attackers, ms, localAddress: '127.0.0.2', next: busting(r) }),
  ]);

  const share = beside.rps / alone.rps;
  const p99Bound = Math.max(P99_FLOOR_MS, alone.p99 * P99_FACTOR);
  if (share < MIN_THROUGHPUT_SHARE) report.fail(PART, `the browsing client kept ${(share * 100).toFixed(0)} % of its throughput (${alone.rps.toFixed(0)} → ${beside.rps.toFixed(0)} req/s; bound ${MIN_THROUGHPUT_SHARE * 100} %)`);
  if (beside.p99 > p99Bound) report.fail(PART, `the browsing client's p99 rose from ${alone.p99.toFixed(0)} to ${beside.p99.toFixed(0)} ms (bound ${p99Bound.toFixed(0)} ms)`);
  const non200 = [...beside.statuses].filter(([s]) => s !== 200);
  if (beside.errors || non200.length) report.fail(PART, `the browsing client got ${beside.errors} errors and ${non200.map(([s, n]) => `${n}× ${s}`).join(', ') || 'no other statuses'}`);
  for (const [s] of attacker.statuses) if (s >= 500) report.fail(PART, `the cache-busting client got ${attacker.statuses.get(s)}× ${s}`);

  report.figure(PART, 'browsing alone req/s, p50/p99 ms', `${alone.rps.toFixed(0)}, ${alone.p50.toFixed(0)}/${alone.p99.toFixed(0)}`);
  report.figure(PART, 'browsing beside the attack req/s, p50/p99 ms', `${beside.rps.toFixed(0)}, ${beside.p50.toFixed(0)}/${beside.p99.toFixed(0)}`);
  report.figure(PART, 'throughput kept', `${(share * 100).toFixed(0)} %`);
  report.figure(PART, 'cache-busting client req/s', attacker.rps);
  report.figure(PART, 'cache-busting answers', [...attacker.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${n}× ${s}`).join(', '));
}
