// The deployment the scale suite drives, all on loopback: Redis (the shared engine, Debian's
// redis-server), the content service (the repository's fake, which an editor's publish can
// change), three replicas of the production build, and Varnish (Debian's varnishd) in front.
// A replica keeps its port and its DATA_DIR across restarts, as in compose.yaml: the proxy
// knows it by its address, and its outbox lives on its own volume. The replicas start, and start
// again, without render-ahead (each rendering every sitemap page was seconds of both cores, three
// at the start and once per restart): the pages a part reads it asks for first (publish.ts, and
// load.ts through the proxy, as a deployment up for a while has them).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startContent, type Content } from '../resilience/content';
import { sleep, startSite, type Site } from '../resilience/site';
import { freePort } from '../../test/support/spawn-server';
import { startRedis } from '../../test/support/redis';
import { startVarnish } from '../../test/support/varnish';
import { PROBES_TO_TAKE_OUT } from '../../deploy/varnish/vcl';
import { SITE_ACL_RULE } from '../../server/shared/shared-store';

export const REPLICAS = 3;
/** Posts of one form per visitor per 10 minutes, counted across the replicas (shared-limit.ts). */
export const FORM_RATE_LIMIT = 10;
export const PURGE_TOKEN = 'scale-purge-token-0123456789abcdef';

export type Replica = {
  name: string;
  port: number;
  url: string;
  dataDir: string;
  /** The running process (replaced by `restart`). */
  site: Site;
};

export type Cluster = {
  redis: { url: string; stop(): Promise<void> };
  content: Content;
  proxy: { origin: string; port: number };
  replicas: Replica[];
  /** Starts replica `i` again on its port and DATA_DIR (after kill -9 or SIGTERM). */
  restart(i: number): Promise<void>;
  /** Until replica `i` answers /readyz with 200 (its startup work done: the search data, and
   * the renders ahead where asked for) and Varnish's probe takes it as healthy: from then on the
   * proxy sends it visitors. False after `maxMs`. */
  readyInProxy(i: number, maxMs: number): Promise<boolean>;
  stop(): Promise<void>;
};

export async function startCluster(): Promise<Cluster> {
  const stops: Array<() => Promise<void>> = [];
  try {
    // As compose.yaml runs it: the default user off, the replicas logged in as `joinus`, which
    // may send only the commands the site sends, on its own keys and channels.
    const password = randomBytes(16).toString('hex');
    const redis = await startRedis({ user: 'joinus', password, args: ['--user', 'default', 'off', 'resetpass', 'nocommands', '--user', 'joinus', 'on', `>${password}`, ...SITE_ACL_RULE] });
    stops.push(() => redis.stop());
    const content = await startContent();
    stops.push(() => content.close());
    const ports = await distinctFreePorts(REPLICAS);
    // The proxy first: the replicas need its origin (their public origin, where they purge).
    const varnish = await startVarnish({ backends: ports.map((port) => ({ host: '127.0.0.1', port })), purgeToken: PURGE_TOKEN });
    stops.push(() => varnish.stop());
    const env: Record<string, string> = {
      STRAPI_URL: content.url,
      SHARED_STORE_URL: redis.url,
      CACHE_PURGE_URLS: varnish.origin,
      CACHE_PURGE_TOKEN: PURGE_TOKEN,
      // Visitors see the proxy's origin; a post sent straight to a replica passes the Origin
      // check by the host it was sent to.
      PUBLIC_ORIGIN: varnish.origin,
      // Cached content and pages outlive the whole run: only a webhook changes what readers see.
      CONTENT_CACHE_TTL_MS: String(10 * 60_000),
      // After SIGTERM, connections are accepted until Varnish's probe has been answered 503 as
      // often as it needs to take the replica out, as compose.yaml has it: no POST is sent to a
      // closed port. A fixed 5 s let one post through to a closed port on a busy machine.
      SHUTDOWN_DRAIN_PROBES: String(PROBES_TO_TAKE_OUT),
      SHUTDOWN_DRAIN_MS: '10000',
      FORM_RATE_LIMIT: String(FORM_RATE_LIMIT),
      FORM_RATE_LIMIT_NO_CAPTCHA: String(FORM_RATE_LIMIT),
    };
    const start = (port: number, dataDir: string) => startSite(env, { port, dataDir });
    const replicas: Replica[] = [];
    // The replicas stop together (each drains SHUTDOWN_DRAIN_MS), before what they use.
    const replicaStops: Array<() => Promise<void>> = [];
    stops.unshift(() => Promise.all(replicaStops.splice(0).map((stop) => stop())).then(() => {}));
    await Promise.all(
      ports.map(async (port, i) => {
        const dataDir = mkdtempSync(path.join(tmpdir(), `joinus-scale-site-${i + 1}-`));
        const replica: Replica = { name: `site-${i + 1}`, port, url: `http://127.0.0.1:${port}`, dataDir, site: await start(port, dataDir) };
        replicas[i] = replica;
        replicaStops.push(async () => {
          await replica.site.stop();
          rmSync(dataDir, { recursive: true, force: true });
        });
      }),
    );
    const cluster: Cluster = {
      redis,
      content,
      proxy: { origin: varnish.origin, port: varnish.port },
      replicas,
      async restart(i) {
        const replica = replicas[i]!;
        replica.site = await start(replica.port, replica.dataDir);
      },
      async readyInProxy(i, maxMs) {
        const end = Date.now() + maxMs;
        const replica = replicas[i]!;
        const ready = () => fetch(`${replica.url}/readyz`, { signal: AbortSignal.timeout(2000) }).then((r) => r.status === 200, () => false);
        while (Date.now() < end && !(await ready())) await sleep(100);
        while (Date.now() < end) {
          if ((await varnish.healthy())[i]) return true;
          await sleep(100);
        }
        return false;
      },
      async stop() {
        for (const stop of stops.splice(0)) await stop();
      },
    };
    for (let i = 0; i < REPLICAS; i++) if (!(await cluster.readyInProxy(i, 30_000))) throw new Error(`Varnish did not see ${replicas[i]!.name} healthy within 30 s`);
    return cluster;
  } catch (err) {
    for (const stop of stops) await stop().catch(() => {});
    throw err;
  }
}

/** `n` free loopback ports, no two alike. */
async function distinctFreePorts(n: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < n) ports.add(await freePort());
  return [...ports];
}
