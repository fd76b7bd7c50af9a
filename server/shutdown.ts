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
 * own next answer (`Connection: close`), and only one that sent nothing for IDLE_GRACE_MS is
 * closed from this side.
 */
export function gracefulShutdown(server: Server, opts: { logger: Logger; timeoutMs: number; onStart: () => void; cleanups: Array<() => Promise<void> | void> }) {
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
    NetServer.prototype.close.call(server, async () => {
      for (const cleanup of opts.cleanups) await cleanup();
      opts.logger.info('shutdown complete');
      opts.logger.flush?.();
      process.exit(0);
    });
    // Connections that stay silent (and those a request from before the signal leaves idle):
    // closed once the grace is over, then as they go idle.
    setTimeout(() => {
      server.closeIdleConnections();
      setInterval(() => server.closeIdleConnections(), IDLE_GRACE_MS).unref();
    }, IDLE_GRACE_MS).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
