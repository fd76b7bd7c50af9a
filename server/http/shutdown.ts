import { Server as NetServer } from 'node:net';
import type { Server } from 'node:http';
import type { Logger } from 'pino';

/** How long a keep-alive connection may stay silent after shutdown starts before it is closed. */
export const IDLE_GRACE_MS = 500;

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
 */
/**
 * `drainMs`: how long the server keeps accepting connections after the signal, with /readyz
 * answering 503 (`onStart`), before it stops listening. A proxy in front that probes /readyz
 * (Varnish in compose.yaml) takes the replica out of its round meanwhile; without the wait it
 * would still send requests to a closed port until its probe noticed, and a POST it cannot
 * send twice would fail.
 */
export function gracefulShutdown(server: Server, opts: { logger: Logger; timeoutMs: number; drainMs?: number; onStart: () => void; cleanups: Array<() => Promise<void> | void> }) {
  let started = false;
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
    const stopListening = () =>
      NetServer.prototype.close.call(server, async () => {
        for (const cleanup of opts.cleanups) await cleanup();
        opts.logger.info('shutdown complete');
        opts.logger.flush?.();
        process.exit(0);
      });
    if (opts.drainMs) setTimeout(stopListening, opts.drainMs);
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
