// The cache-busting clients of the resilience suite's cache-busting part, as a process of their
// own on the load generator's core beside wrk, as a load generator should be: lean, started
// before the measurement, doing nothing else. Inside the suite's own process they spoiled the
// figure they were meant to disturb: the browsing client's p99 beside four busting addresses was
// 300 to 440 ms in more than half the runs, while the server, timed inside, answered every
// browsing request within 100 ms and its event loop was never late by more than 84 ms (with the
// render budget off as well: it was not the cause). Under tsx in a process of their own, two runs
// in fourteen still went to 237 and 293 ms; bundled to one plain JavaScript file (cache-busting.ts
// does that with esbuild), eight in eight measured 27 to 45 ms.
//
// `node busting-client.mjs '<options JSON>'`: prints `ready` once loaded, starts on a line on its
// standard input, and prints its figures as one JSON line.
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { keepAliveAgent, send } from './http';
import { seededRandom, type Random } from './random';
import { percentile } from './report';

export type BustingOptions = { port: number; seed: number; connections: number; ms: number; addresses: readonly string[] };

export type BustingLoad = { requests: number; rps: number; p50: number; p99: number; errors: number; statuses: Array<[number | 'refused', number]> };

/** Ever-new paths; `rendering` only the kinds that always render (not the parameters dropped
 * before the cache key). */
export function busting(r: Random, rendering = false): () => string {
  return () => {
    const roll = rendering ? [0, 1, 4][r.int(0, 2)]! : r.int(0, 4);
    if (roll === 0) return `/locaties?postcode=${r.int(1000, 9999)}${r.string(2, 'ABCDEFGHJKLMNPRSTVWXZ')}&age=${r.int(12, 30)}`;
    if (roll === 1) return `/blog?pagina=${r.int(2, 100_000)}`;
    if (roll === 2) return `/?debug=${r.string(6)}`;
    if (roll === 3) return `/?${r.string(8)}=${r.string(8)}`;
    return `/vacatures?categorie=${r.string(6)}&pagina=${r.int(1, 1000)}`;
  };
}

/** `addresses` clients, `connections` each, asking for ever-new renders until `ms` is over. */
export async function bustingLoad(opts: BustingOptions): Promise<BustingLoad> {
  const next = busting(seededRandom(opts.seed));
  const latencies: number[] = [];
  const statuses = new Map<number | 'refused', number>();
  let errors = 0;
  const started = performance.now();
  const end = started + opts.ms;
  await Promise.all(
    opts.addresses.flatMap((localAddress) => Array.from({ length: opts.connections }, () => localAddress)).map(async (localAddress) => {
      const agent = keepAliveAgent();
      while (performance.now() < end) {
        const answer = await send({ method: 'GET', path: next(), headers: { 'Accept-Encoding': 'gzip' } }, { port: opts.port, agent, localAddress, timeoutMs: 15_000 });
        if (!answer.ok) errors++;
        else {
          latencies.push(answer.ms);
          // A 503 with Retry-After is the render budget's refusal (shed load, counted apart); any other 5xx a failure.
          const status = answer.status === 503 && answer.headers['retry-after'] ? 'refused' : answer.status;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }
      agent.destroy();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { requests: latencies.length, rps: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors, statuses: [...statuses] };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const opts = JSON.parse(process.argv[2] ?? '{}') as BustingOptions;
  const lines = createInterface({ input: process.stdin });
  process.stdout.write('ready\n');
  await new Promise((resolve) => lines.once('line', resolve));
  lines.close();
  process.stdout.write(`${JSON.stringify(await bustingLoad(opts))}\n`);
}
