import type { Server } from 'node:http';
import type { Logger } from 'pino';

/** On SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish, close idle
 * keep-alive connections, run cleanups, exit 0. A request that outlives the timeout is cut
 * and the exit code says so. */
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
    server.close(async () => {
      for (const cleanup of opts.cleanups) await cleanup();
      opts.logger.info('shutdown complete');
      opts.logger.flush?.();
      process.exit(0);
    });
    // Keep-alive connections go idle as their last response ends: close them as they do.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
