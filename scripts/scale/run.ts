// npm run test:scale [-- --seed=N] [--only=publish,shared-limit,...]
//
// The site as a deployment with more than one server, all on loopback: Redis (redis-server)
// as the shared engine, three replicas of the production build (run `npm run build` first),
// each with its own port and DATA_DIR, Varnish (varnishd) in front of them, and the test fake
// of the content service. The parts run in this order on the one deployment; the table of
// figures comes at the end, and any failure makes the exit code non-zero.
//   publish       a webhook to one replica: every replica and the proxy show the change
//                 within 1 s of its 204
//   shared-limit  30 posts of one visitor over the three replicas: exactly FORM_RATE_LIMIT
//                 (10) taken in all
//   kill-9        kill -9 of one replica under load (pages through the proxy, posts straight
//                 and through it), then restarted on its DATA_DIR: no page request through the
//                 proxy failed, every acknowledged submission delivered exactly once
//   rolling       SIGTERM, exit, start again, until the proxy sends to it again, for each
//                 replica in turn, under load: no request through the proxy failed
//   metrics       each replica's /metrics scraped and parsed
import { existsSync } from 'node:fs';
import { createReport, type Report } from '../resilience/report';
import { startCluster } from './cluster';
import type { Cluster } from './cluster';
import { kill } from './kill';
import { metrics } from './metrics';
import { publish } from './publish';
import { rolling } from './rolling';
import { sharedLimit } from './shared-limit';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const seed = Number(args.get('seed') ?? 28);
const only = args.get('only')?.split(',');
if (!existsSync('dist/server/index.cjs')) {
  console.error('No build in dist/: run `npm run build` first.');
  process.exit(2);
}
/** How long acknowledged submissions may take to arrive after the load ends. */
const DELIVERY_BOUND_MS = 30_000;

type Part = { name: string; run: (cluster: Cluster, report: Report) => Promise<void> };
const parts: Part[] = [
  { name: 'publish', run: publish },
  { name: 'shared-limit', run: sharedLimit },
  { name: 'kill-9', run: (cluster, report) => kill(cluster, { seed, downMs: 3000, deliveryBoundMs: DELIVERY_BOUND_MS }, report) },
  { name: 'rolling', run: (cluster, report) => rolling(cluster, { seed, deliveryBoundMs: DELIVERY_BOUND_MS }, report) },
  { name: 'metrics', run: metrics },
];

const report = createReport();
const started = performance.now();
console.log(`Scale suite, seed ${seed}`);
let cluster: Cluster | null = null;
try {
  console.log('- starting Redis, the content service, three replicas and Varnish');
  cluster = await startCluster();
  report.figure('start', 'seconds', (performance.now() - started) / 1000);
  for (const part of parts) {
    if (only && !only.includes(part.name)) continue;
    const t = performance.now();
    console.log(`- ${part.name}`);
    try {
      await part.run(cluster, report);
    } catch (err) {
      report.fail(part.name, `stopped by an error: ${(err as Error).stack ?? String(err)}`);
    }
    for (const replica of cluster.replicas) {
      if (!replica.site.exit || !replica.site.expectRunning) continue;
      report.fail(part.name, `${replica.name} crashed (exit code ${replica.site.exit.code}, signal ${replica.site.exit.signal})`);
      replica.site.expectRunning = false;
    }
    report.figure(part.name, 'seconds', (performance.now() - t) / 1000);
  }
} catch (err) {
  report.fail('start', `the deployment did not start: ${(err as Error).stack ?? String(err)}`);
} finally {
  await cluster?.stop();
}
report.figure('total', 'seconds', (performance.now() - started) / 1000);
report.print();
process.exit(report.failures.length ? 1 : 0);
