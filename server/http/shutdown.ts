import { Server as NetServer } from 'node:net';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { READY_PATH } from '../../src/routing/endpoints';

/** How long a keep-alive connection may stay silent after shutdown starts before it is closed. */
export const IDLE_GRACE_MS = 500;

/** The header a proxy's readiness probe carries (Varnish's probe request in deploy/varnish/vcl.ts,
 * whose public face drops it from visitors' requests): only those /readyz answers count as the
 * proxy having seen the replica drain. */
export const READINESS_PROBE_HEADER = 'x-readiness-probe';
/** A prober is one that asked /readyz this recently before the signal. */
const PROBER_RECENT_MS = 10_000;
/** The probing addresses remembered. */
const MAX_PROBERS = 64;
/** After the last prober's deciding answer: time for a request the proxy had already sent here
 * to connect. */
const DRAIN_SETTLE_MS = 500;

/**
 * On SIGTERM/SIGINT: stop accepting connections, answer every request that still arrives on an
 * open connection with `Connection: close`, let in-flight requests finish, close connections
 * that stay silent, run cleanups, exit 0. A request that outlives the timeout is cut and the
 * exit code says so.
 *
 * Why not simply `server.close()`: it closes every "idle" keep-alive connection at once, and a
 * busy server has connections whose next request is already in the socket but not yet parsed;
 * those requests were lost (32 of 32 connections under load). Here a connection is closed by its
 * own next answer (`Connection: close`), and only one that sent nothing for IDLE_GRACE_MS (or
 * the keep-alive timeout, when it was idle already) is closed from this side.
 *
 * The drain: after the signal the server keeps accepting connections, with /readyz answering 503
 * (`onStart`), until the proxy in front has taken the replica out of its round; then it stops
 * listening. Stopping at once would let the proxy send requests to a closed port until its probe
 * noticed, and a POST it cannot send twice would fail.
 *
 * - `drainProbes` (> 0): until every proxy that probed in the last 10 s (by its address, probes
 *   carrying READINESS_PROBE_HEADER) has been answered 503 that many times, the number its
 *   probe needs to call a replica sick; at most `drainMs`. On a loaded machine the probes come
 *   late, and so does the end of the drain: it follows the proxy, not a guess at its pace.
 * - `drainProbes` 0: for `drainMs` exactly.
 */
export function gracefulShutdown(server: Server, opts: { logger: Logger; timeoutMs: number; drainMs?: number; drainProbes?: number; onStart: () => void; cleanups: Array<() => Promise<void> | void> }) {
  let started = false;
  const probes = opts.drainProbes ? watchProbes(server, opts.drainProbes) : undefined;
  const shutdown = (signal: string) => {
    if (started) return;
    started = true;
    opts.onStart();
    opts.logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      opts.logger.error('shutdown timed out: closing remaining connections');
      server.closeAllConnections();
      process.exit(1);
    }, opts.timeoutMs);
    force.unref();
    // Before the site's own listener: the answer ends the connection.
    server.prependListener('request', (_req, res) => res.setHeader('Connection', 'close'));
    // Stop listening without http's close, which would drop the connections it deems idle.
    let listening = true;
    const stopListening = () => {
      if (!listening) return;
      listening = false;
      NetServer.prototype.close.call(server, async () => {
        for (const cleanup of opts.cleanups) await cleanup();
        opts.logger.info('shutdown complete');
        opts.logger.flush?.();
        process.exit(0);
      });
    };
    const signalled = performance.now();
    if (probes) {
      const limit = setTimeout(() => {
        opts.logger.warn({ drainMs: opts.drainMs, waitingFor: probes.waiting() }, 'drain ended at its limit: a proxy had not yet seen this replica drain');
        probes.stopWatching();
        stopListening();
      }, opts.drainMs ?? 0);
      probes.onceDrained((proxies) => {
        clearTimeout(limit);
        opts.logger.info({ ms: Math.round(performance.now() - signalled), probes: opts.drainProbes, proxies }, 'drained: every proxy probe saw this replica drain');
        setTimeout(stopListening, DRAIN_SETTLE_MS);
      });
    } else if (opts.drainMs) setTimeout(stopListening, opts.drainMs);
    else stopListening();
    // A connection left idle by an answer from before the signal is closed when nothing arrives
    // on it for IDLE_GRACE_MS: node's keep-alive timer, which any byte received resets, also one
    // of a request not yet parsed (closing "idle" connections from a timer raced with those:
    // a busy event loop runs timers before it reads what came in). Connections idle since
    // before the signal close by their usual keep-alive timeout (5 s).
    server.keepAliveTimeout = IDLE_GRACE_MS;
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/**
 * Follows the proxies' readiness probes: who probed and when, and after the signal how many 503s
 * each was answered. `onceDrained` calls back, with the number of proxies, once every recent
 * prober has seen `needed` of them (at once when nobody probed lately: no proxy sends here).
 */
function watchProbes(server: Server, needed: number) {
  const lastProbe = new Map<string, number>();
  const drainAnswers = new Map<string, number>();
  let signalledAt: number | undefined;
  let drained: ((proxies: number) => void) | undefined;
  const probers = () => [...lastProbe].filter(([, at]) => signalledAt !== undefined && signalledAt - at <= PROBER_RECENT_MS).map(([address]) => address);
  const waiting = () => probers().filter((address) => (drainAnswers.get(address) ?? 0) < needed);
  const check = () => {
    if (drained && waiting().length === 0) {
      const done = drained;
      drained = undefined;
      done(probers().length);
    }
  };
  server.prependListener('request', (req, res) => {
    if (req.headers[READINESS_PROBE_HEADER] === undefined || !req.url?.startsWith(READY_PATH)) return;
    const address = req.socket.remoteAddress ?? '';
    if (signalledAt === undefined) {
      // Proxies are few; a flood of made-up probers (only where the port is reachable past the
      // proxy) could at most hold the drain to its limit, and never grows the map past this.
      if (lastProbe.has(address) || lastProbe.size < MAX_PROBERS) lastProbe.set(address, performance.now());
      return;
    }
    res.once('finish', () => {
      if (res.statusCode !== 503) return;
      drainAnswers.set(address, (drainAnswers.get(address) ?? 0) + 1);
      check();
    });
  });
  return {
    waiting,
    onceDrained(callback: (proxies: number) => void) {
      signalledAt = performance.now();
      drained = callback;
      check();
    },
    stopWatching() {
      drained = undefined;
    },
  };
}
