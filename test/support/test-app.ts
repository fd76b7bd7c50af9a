// Builds the real Express app over the real production build (dist/, from `npm run build`)
// for supertest, with the content client pointed at the embedded snapshot or at a URL.
import { Writable } from 'node:stream';
import { createRenderCache } from '../../server/render-cache';
import { createApp } from '../../server/app';
import { createContentServices } from '../../server/content-services';
import { createLogger } from '../../server/logger';
import { loadBuild } from '../../server/rsc-build';

export type LogLine = Record<string, unknown> & { msg?: string; level?: number };

/** A pino destination that keeps the lines, so tests can read what was logged. */
export function memoryLog() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line) as LogLine);
      cb();
    },
  });
  return { lines, logger: createLogger('info', stream) };
}

let build: ReturnType<typeof loadBuild> | null = null;

export function testApp(opts: { strapiUrl?: string; cacheTtlMs?: number; webhookSecret?: string } = {}) {
  build ??= loadBuild(process.cwd());
  const { lines, logger } = memoryLog();
  const services = createContentServices(
    { root: process.cwd(), url: opts.strapiUrl, timeoutMs: 1000, cacheTtlMs: opts.cacheTtlMs ?? 60_000, webhookSecret: opts.webhookSecret },
    logger,
  );
  const { client, content } = services;
  const rsc = build.createRscApp({
    content,
    logger,
    buildId: build.id,
    stylesheets: build.stylesheets,
    publicConfig: { googleTagManagerID: 'GTM-TEST123', publicOrigin: 'http://localhost:3000' },
    contentSource: opts.strapiUrl ? 'strapi' : 'embedded snapshot',
    contentStats: () => client.cache?.stats(),
  });
  const app = createApp({
    build,
    rsc,
    content,
    contentStats: () => client.cache?.stats(),
    logger,
    publicOrigin: 'http://localhost:3000',
    renderCache: createRenderCache({ ttlMs: opts.cacheTtlMs ?? 60_000 }),
  contentVersion: () => client.cache?.version ?? 0,
  publicDir: 'public',
    trustProxy: 'loopback',
    isShuttingDown: () => false,
    extraRoutes: [services.routes],
  });
  return { app, build, logs: lines, client };
}

/** A port on which nothing listens: connections are refused at once. */
export async function closedPortUrl(): Promise<string> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}
