// c. kill -9 of one replica under load. Browsers and senders go on (load.ts); the content
// service answers each submission late, and the kill falls right after it received one the
// victim acknowledged (stored there, its answer never read), and while new searches are being
// rendered on every replica. The proxy sends the pages to the other two meanwhile, the searches
// cut on the victim too: no page request through it fails. The victim is started again on its own
// DATA_DIR, so its outbox delivers what it holds: every acknowledged submission reaches the
// content service exactly once. A post in flight on the victim through the proxy may fail (it
// was never acknowledged); the figures count those.
import { send } from '../resilience/http';
import { seededRandom, type Random } from '../resilience/random';
import { percentile, type Report } from '../resilience/report';
import { sleep } from '../resilience/site';
import { until } from '../../test/support/until';
import type { Cluster } from './cluster';
import { awaitDelivery } from './delivery';
import { LOAD_TIMEOUT_MS, markerOf, nextVisitor, underLoad } from './load';
import { holdsConnectionFrom } from './socket-owner';
import { SEARCH_TIMEOUT_MS } from '../../src/content/client';

const PART = 'kill-9';
const VICTIM = 1;
/** The content service's search: a new find-a-group search asks it. */
const SEARCH_API = '/api/q42/search';

/** A new search through the proxy by a visitor of its own: answered with a 200 within the
 * load's time, or what went wrong. */
async function searchThroughProxy(cluster: Cluster, r: Random): Promise<{ ok: boolean; ms: number; what: string }> {
  const path = `/locaties?postcode=${r.int(1000, 9999)}AB&age=${r.int(12, 30)}`;
  const answer = await send({ method: 'GET', path, headers: { 'X-Forwarded-For': nextVisitor() } }, { port: cluster.proxy.port, timeoutMs: LOAD_TIMEOUT_MS });
  return { ok: answer.ok && answer.status === 200, ms: answer.ms, what: `${path}: ${answer.ok ? answer.status : answer.code}` };
}

export async function kill(cluster: Cluster, opts: { seed: number; downMs: number; deliveryBoundMs: number }, report: Report): Promise<void> {
  const r = seededRandom(opts.seed + 28);
  const victim = cluster.replicas[VICTIM]!;
  cluster.content.writeDelayMs = () => r.int(600, 1500);
  const { result, value: { inFlight, onVictim, back, cut } } = await underLoad(cluster, { browsers: 4, label: 'kill', postPauseMs: 50, random: r }, async (load) => {
    // The kill falls right after the content service received a submission the victim
    // acknowledged (its answer comes 0.6 to 1.5 s later, never read)...
    const from = cluster.content.contact.records.length;
    const inFlight = await until(() => cluster.content.contact.records.slice(from).some((rec) => load.result.acknowledged.get(markerOf(rec)) === victim.name), 15_000, 5);
    // ...and while new searches are being rendered on every replica: each a visitor of its own,
    // whose answer the content service holds back (the site waits SEARCH_TIMEOUT_MS for it). The
    // proxy sends them round robin, so some are on the victim; another replica must answer those.
    cluster.content.readDelayMs = (req) => (req.path === SEARCH_API ? SEARCH_TIMEOUT_MS : 0);
    const firstAsked = cluster.content.service.requests.length;
    const searchesAsked = () => cluster.content.service.requests.slice(firstAsked).filter((req) => req.path === SEARCH_API);
    const searches: Array<ReturnType<typeof searchThroughProxy>> = [];
    let onVictim = 0;
    // A round of searches at a time until the victim renders one (seen by the connection its
    // content call came on); all of them still under way at the kill.
    for (let round = 0; round < 5 && onVictim === 0; round++) {
      searches.push(...Array.from({ length: cluster.replicas.length }, () => searchThroughProxy(cluster, r)));
      await until(() => searchesAsked().length >= searches.length, SEARCH_TIMEOUT_MS / 2, 5);
      onVictim = searchesAsked().filter((req) => holdsConnectionFrom(victim.site.pid, req.clientPort)).length;
    }
    await sleep(r.int(0, 50));
    victim.site.expectRunning = false;
    victim.site.kill('SIGKILL');
    await victim.site.exited;
    cluster.content.readDelayMs = () => 0;
    const cut = await Promise.all(searches);
    await sleep(opts.downMs);
    await cluster.restart(VICTIM);
    const back = await cluster.readyInProxy(VICTIM, 30_000);
    await sleep(2000);
    return { inFlight, onVictim, back, cut };
  });
  cluster.content.writeDelayMs = () => 0;
  const delivery = await awaitDelivery(cluster.content, result.acknowledged.keys(), opts.deliveryBoundMs);

  if (!inFlight) report.fail(PART, `no submission ${victim.name} acknowledged reached the content service within 15 s: the kill fell outside a delivery`);
  if (!onVictim) report.fail(PART, `none of ${cut.length} searches sent through the proxy before the kill was rendered by ${victim.name}`);
  if (!back) report.fail(PART, `Varnish did not take ${victim.name} as healthy within 30 s of its restart`);
  if (result.pagesFailed.length) report.fail(PART, `${result.pagesFailed.length} page request(s) through the proxy failed: ${result.pagesFailed.slice(0, 5).join('; ')}`);
  const cutFailed = cut.filter((c) => !c.ok);
  if (cutFailed.length) report.fail(PART, `${cutFailed.length} of ${cut.length} searches under way at the kill failed through the proxy: ${cutFailed.map((c) => c.what).join('; ')}`);
  if (result.directFailed.length) report.fail(PART, `${result.directFailed.length} post(s) straight to a replica answered but not taken: ${result.directFailed.slice(0, 5).join('; ')}`);
  if (!delivery.complete || delivery.lost.length) report.fail(PART, `${delivery.lost.length} acknowledged submission(s) not delivered within ${opts.deliveryBoundMs / 1000} s: ${delivery.lost.slice(0, 5).join(', ')}`);
  if (delivery.duplicated.length) report.fail(PART, `delivered more than once: ${delivery.duplicated.slice(0, 5).join(', ')}`);
  const byVictim = [...result.acknowledged.values()].filter((where) => where === victim.name).length;
  report.figure(PART, 'killed', `${victim.name}, during a delivery: ${inFlight ? 'yes' : 'no'}`);
  report.figure(PART, `searches under way at the kill (on ${victim.name})`, `${cut.length} (${onVictim})`);
  report.figure(PART, 'page requests through the proxy (failed)', `${result.pages} (${result.pagesFailed.length})`);
  report.figure(PART, 'searches under way at the kill: answered through the proxy (slowest ms)', `${cut.length - cutFailed.length} of ${cut.length} (${Math.round(Math.max(...cut.map((c) => c.ms)))})`);
  report.figure(PART, 'page p50/p99 ms', `${Math.round(percentile(result.pageMs, 50))}/${Math.round(percentile(result.pageMs, 99))}`);
  report.figure(PART, 'posts straight to replicas/through the proxy', `${result.posts.direct}/${result.posts.proxied}`);
  report.figure(PART, `acknowledged (by ${victim.name})`, `${result.acknowledged.size} (${byVictim})`);
  report.figure(PART, `posts to ${victim.name} while down: no answer`, result.directUnanswered);
  report.figure(PART, 'posts through the proxy not acknowledged', result.proxiedFailed.length ? `${result.proxiedFailed.length}: ${[...new Set(result.proxiedFailed)].join(', ')}` : 0);
  report.figure(PART, 'delivered once/lost/duplicated', `${delivery.once}/${delivery.lost.length}/${delivery.duplicated.length}`);
  report.figure(PART, 'all delivered, s after the load', delivery.complete ? delivery.seconds : 'no');
}
