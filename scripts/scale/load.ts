// Visitors while a replica dies or restarts. Browsers go through the proxy: pages from the
// sitemap (which the proxy mostly answers from its cache, each page asked for once before the
// load starts) and new find-a-group searches (which it cannot, so the replicas are asked all
// the time). Senders post the contact form, one lane straight to the replicas in turn and one
// through the proxy. Each request is a visitor of its
// own, with an address of its own (X-Forwarded-For, which the replicas trust from loopback):
// many people once each, so the per-visitor limits and render shares, counted across the
// replicas, never bind (a page the publish purged is rendered again for whoever asks first). A page is failed when it is anything but a 200; a post is
// acknowledged when the site said it was sent.
import { keepAliveAgent, send, type Outcome } from '../resilience/http';
import type { Random } from '../resilience/random';
import { sitemapPaths, sleep } from '../resilience/site';
import { postContact } from '../resilience/submissions';
import type { Cluster } from './cluster';

/** How long a visitor waits for an answer. */
export const LOAD_TIMEOUT_MS = 10_000;

export type LoadResult = {
  pages: number;
  /** Page requests through the proxy that were not a 200: what and how. */
  pagesFailed: string[];
  pageMs: number[];
  /** Marker of each acknowledged post, and where it was sent (a replica's name or `proxy`). */
  acknowledged: Map<string, string>;
  posts: { direct: number; proxied: number };
  /** Posts through the proxy that were not acknowledged: what came back. */
  proxiedFailed: string[];
  /** Posts straight to a replica that answered but did not acknowledge: what it said. */
  directFailed: string[];
  /** Posts straight to a replica that was down or going down: no answer (refused, reset). */
  directUnanswered: number;
};

export type RunningLoad = {
  result: LoadResult;
  /** Ends every lane after its request in flight. */
  stop(): Promise<LoadResult>;
};

/** Visitor addresses are never reused within a run (65,536 of them). */
let visitors = 0;
export const nextVisitor = (): string => {
  const n = visitors++;
  return `10.28.${(n >> 8) & 255}.${n & 255}`;
};

/** How many pages are asked for at once while warming the proxy. */
const WARM_AT_ONCE = 4;

/** Each page asked for once through the proxy, as the browsers ask (a visitor of its own each):
 * the replicas render nothing ahead, so this is what fills the proxy's cache with the pages the
 * browsers read, as on a deployment that has been up a while. Pages it holds already cost it
 * nothing. */
async function warmThroughProxy(proxy: { port: number }, pages: string[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: WARM_AT_ONCE }, async () => {
      const agent = keepAliveAgent();
      while (next < pages.length) await send({ method: 'GET', path: pages[next++]!, headers: { 'X-Forwarded-For': nextVisitor() } }, { port: proxy.port, agent, timeoutMs: LOAD_TIMEOUT_MS });
      agent.destroy();
    }),
  );
}

export async function startLoad(cluster: Cluster, opts: { browsers: number; label: string; postPauseMs: number; random: Random }): Promise<RunningLoad> {
  const r = opts.random;
  const proxy = { url: cluster.proxy.origin, port: cluster.proxy.port };
  const pages = await sitemapPaths(proxy.url);
  await warmThroughProxy(proxy, pages);
  const result: LoadResult = { pages: 0, pagesFailed: [], pageMs: [], acknowledged: new Map(), posts: { direct: 0, proxied: 0 }, proxiedFailed: [], directFailed: [], directUnanswered: 0 };
  let running = true;

  const browse = async () => {
    const agent = keepAliveAgent();
    while (running) {
      const search = r.chance(0.25);
      const path = search ? `/locaties?postcode=${r.int(1000, 9999)}AB&age=${r.int(12, 30)}` : r.pick(pages);
      const headers = { 'X-Forwarded-For': nextVisitor() };
      const answer = await send({ method: 'GET', path, headers }, { port: proxy.port, agent, timeoutMs: LOAD_TIMEOUT_MS });
      result.pages++;
      result.pageMs.push(answer.ms);
      if (!answer.ok || answer.status !== 200) result.pagesFailed.push(`${path}: ${describe(answer)}`);
    }
    agent.destroy();
  };

  const post = async (lane: 'direct' | 'proxied') => {
    let n = 0;
    while (running) {
      const replica = cluster.replicas[n % cluster.replicas.length]!;
      const to = lane === 'direct' ? { url: replica.url, port: replica.port } : proxy;
      const where = lane === 'direct' ? replica.name : 'proxy';
      const marker = `${opts.label}-${lane}-${n++}-${r.string(6)}`;
      const { accepted, outcome } = await postContact(to, marker, LOAD_TIMEOUT_MS, nextVisitor());
      result.posts[lane]++;
      if (accepted) result.acknowledged.set(marker, where);
      else if (lane === 'proxied') result.proxiedFailed.push(describe(outcome));
      else if (!outcome.ok) result.directUnanswered++;
      else result.directFailed.push(`${replica.name}: ${outcome.status}`);
      await sleep(opts.postPauseMs);
    }
  };

  const lanes = [...Array.from({ length: opts.browsers }, browse), post('direct'), post('proxied')];
  return {
    result,
    async stop() {
      running = false;
      await Promise.all(lanes);
      return result;
    },
  };
}

/** `body` while the load runs; the load is stopped after it, however it ends. */
export async function underLoad<T>(cluster: Cluster, opts: Parameters<typeof startLoad>[1], body: (load: RunningLoad) => Promise<T>): Promise<{ result: LoadResult; value: T }> {
  const load = await startLoad(cluster, opts);
  let value: T;
  try {
    value = await body(load);
  } finally {
    await load.stop();
  }
  return { result: load.result, value };
}

function describe(answer: Outcome): string {
  return answer.ok ? `${answer.status}` : `${answer.code} (${answer.error})`;
}

/** The marker a delivered contact record carries at the end of its message (submissions.ts). */
export const markerOf = (record: { data: Record<string, unknown> }): string => String(record.data.message ?? '').split(' ').pop() ?? '';
