// d. A rolling restart under load, as a deploy does it: each replica in turn gets SIGTERM,
// drains and exits, is started again (on its port and DATA_DIR), and the next one goes only
// once Varnish's probe takes it as healthy again (its /readyz says ready after its startup
// work: the search data; it renders nothing ahead, cluster.ts).
// Browsers and senders go on throughout (load.ts): no request through the proxy fails, page or
// post, every replica exits 0, and every acknowledged submission is delivered exactly once.
import { seededRandom } from '../resilience/random';
import { percentile, type Report } from '../resilience/report';
import { sleep } from '../resilience/site';
import type { Cluster } from './cluster';
import { awaitDelivery } from './delivery';
import { underLoad } from './load';

const PART = 'rolling';
const EXIT_BOUND_MS = 25_000;

export async function rolling(cluster: Cluster, opts: { seed: number; deliveryBoundMs: number }, report: Report): Promise<void> {
  const r = seededRandom(opts.seed + 29);
  const { result, value: steps } = await underLoad(cluster, { browsers: 4, label: 'rolling', postPauseMs: 50, random: r }, async () => {
    const steps: Array<{ name: string; exit: string; drainS: number; backS: number | null }> = [];
    for (let i = 0; i < cluster.replicas.length; i++) {
      await sleep(1500);
      const replica = cluster.replicas[i]!;
      const signalled = performance.now();
      replica.site.expectRunning = false;
      replica.site.kill('SIGTERM');
      const exit = await Promise.race([replica.site.exited, sleep(EXIT_BOUND_MS).then(() => null)]);
      const drainS = (performance.now() - signalled) / 1000;
      if (!exit) {
        steps.push({ name: replica.name, exit: 'none', drainS, backS: null });
        break;
      }
      await cluster.restart(i);
      const back = await cluster.readyInProxy(i, 30_000);
      steps.push({ name: replica.name, exit: `${exit.code ?? exit.signal}`, drainS, backS: back ? (performance.now() - signalled) / 1000 : null });
      if (!back) break;
    }
    await sleep(1500);
    return steps;
  });
  const delivery = await awaitDelivery(cluster.content, result.acknowledged.keys(), opts.deliveryBoundMs);

  for (const step of steps) {
    if (step.exit !== '0') report.fail(PART, `${step.name} exited with ${step.exit} after SIGTERM (within ${EXIT_BOUND_MS / 1000} s)`);
    if (step.backS === null && step.exit === '0') report.fail(PART, `Varnish did not take ${step.name} as healthy within 30 s of its restart`);
  }
  if (steps.length < cluster.replicas.length) report.fail(PART, `stopped after ${steps.length} of ${cluster.replicas.length} replicas`);
  if (result.pagesFailed.length) report.fail(PART, `${result.pagesFailed.length} page request(s) through the proxy failed: ${result.pagesFailed.slice(0, 5).join('; ')}`);
  if (result.proxiedFailed.length) report.fail(PART, `${result.proxiedFailed.length} post(s) through the proxy failed: ${[...new Set(result.proxiedFailed)].slice(0, 5).join('; ')}`);
  if (result.directFailed.length) report.fail(PART, `${result.directFailed.length} post(s) straight to a replica answered but not taken: ${result.directFailed.slice(0, 5).join('; ')}`);
  if (!delivery.complete || delivery.lost.length) report.fail(PART, `${delivery.lost.length} acknowledged submission(s) not delivered within ${opts.deliveryBoundMs / 1000} s: ${delivery.lost.slice(0, 5).join(', ')}`);
  if (delivery.duplicated.length) report.fail(PART, `delivered more than once: ${delivery.duplicated.slice(0, 5).join(', ')}`);
  for (const step of steps) report.figure(PART, `${step.name}: exit, drained s, healthy in Varnish s after SIGTERM`, `${step.exit}, ${step.drainS.toFixed(2)}, ${step.backS === null ? 'no' : step.backS.toFixed(1)}`);
  report.figure(PART, 'page requests through the proxy (failed)', `${result.pages} (${result.pagesFailed.length})`);
  report.figure(PART, 'page p50/p99 ms', `${Math.round(percentile(result.pageMs, 50))}/${Math.round(percentile(result.pageMs, 99))}`);
  report.figure(PART, 'posts through the proxy (failed)', `${result.posts.proxied} (${result.proxiedFailed.length})`);
  report.figure(PART, 'posts straight to replicas (no answer: replica down)', `${result.posts.direct} (${result.directUnanswered})`);
  report.figure(PART, 'acknowledged', result.acknowledged.size);
  report.figure(PART, 'delivered once/lost/duplicated', `${delivery.once}/${delivery.lost.length}/${delivery.duplicated.length}`);
  report.figure(PART, 'all delivered, s after the load', delivery.complete ? delivery.seconds : 'no');
}
