// The HTTP server and its connections: how many may be open at once, and how long each may take.
//
// Node's defaults let a connection live long: 60 s to send its headers, 300 s for a whole
// request, no limit on a silent socket, and no bound on open connections. Twenty thousand
// connections that each send a header line now and then reach the process's open-file limit in
// seconds; from then on accept() fails for every client, /healthz included, and nothing says so.
// Here, deliberately:
// - A bound on open connections (MAX_CONNECTIONS), by default below the open-file limit with
//   room for everything else: each connection may hold a second descriptor (an upload being
//   written, a call to the content service) and a fixed reserve covers the outbox's SQLite
//   files, the log, media files and mail.
// - At the bound, the connection that has waited longest without a request in progress (its
//   headers still coming, or idle between requests) is closed to make room; only when every
//   connection is busy with a request is the new one refused. The log says so once when it
//   starts, then with a count per minute while it lasts: never a line per connection. (An idle
//   keep-alive connection closed just as its client reuses it costs that client a retry, which
//   browsers make by themselves; it happens only at the bound.)
// - Fair per client. An address that connects directly (not a proxy TRUST_PROXY names) holds at
//   most MAX_CONNECTIONS_PER_CLIENT (an eighth of the bound) at once: past it its own
//   longest-waiting connection makes room, or its new one is refused, never someone else's.
//   Behind a proxy every connection comes from the proxy's address, so there the client is
//   known only from its request: bodies in progress are bounded per client there
//   (MAX_BODIES_PER_CLIENT, server/http/body-admission.ts), and every body is cut below its
//   rate floor (server/forms/body-guard.ts). A body in progress thus counts against its client,
//   and one address cannot hold every place. These counts are this replica's own: a connection
//   is to one process, so with replicas (SHARED_STORE_URL) each bounds its own.
// - Headers within HEADERS_TIMEOUT_MS (10 s), checked every second (Node checks every 30 s by
//   default, so a deadline could be passed by half a minute).
// - A whole request, head and body, within the longest body deadline (FORM_POST_TIMEOUT_MS)
//   plus the headers' time: the outer bound of every body. Each body has its own, tighter
//   deadlines before it (body-guard.ts), which answer with a clear 408 first.
// - A socket silent for longer than the body idle deadline allows (30 s at least) is closed,
//   and an idle keep-alive connection after 5 s (Node's default, kept on purpose: a browser's
//   next request comes sooner, and an idle connection held open costs a place).
//
// /healthz through an attack. Behind a reverse proxy (nginx, Caddy, a load balancer) the proxy
// reads a request's headers whole before it passes it on, so a slow-header attack never
// reaches the site as one: what reaches it is many connections from the proxy, idle in its
// keep-alive pool or carrying bodies it streams through, up to the proxy's own limits. Idle
// ones are closed first at the bound, and bodies are cut at their deadlines. A health probe
// (the container's HEALTHCHECK over loopback, or the orchestrator through the proxy) sends its
// whole request at once, so it is never the connection that has waited longest: it gets a place
// and is answered. Reached directly, a slow-header attacker's connections are pushed out by
// every newcomer, and cut at the headers deadline anyway.
import { readFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import proxyaddr from 'proxy-addr';

export type ConnectionLimits = {
  /** Open connections at once. */
  maxConnections: number;
  /** Open connections of one address that is no proxy TRUST_PROXY names. */
  maxConnectionsPerClient: number;
  /** Request bodies in progress per client (server/http/body-admission.ts). */
  maxBodiesPerClient: number;
  /** Whether a peer address is a proxy in front (TRUST_PROXY): its connections carry many clients. */
  isProxy: (address: string) => boolean;
  headersTimeoutMs: number;
  /** A whole request, head and body. */
  requestTimeoutMs: number;
  /** A socket with no byte either way for this long is closed. */
  idleTimeoutMs: number;
  /** An idle keep-alive connection is closed after this long. */
  keepAliveTimeoutMs: number;
};

export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
const KEEP_ALIVE_TIMEOUT_MS = 5_000;
const MIN_IDLE_TIMEOUT_MS = 30_000;
/** Descriptors kept free of connections: SQLite and its journal, the log, media files, mail,
 * Node's own. */
const RESERVED_FILES = 128;
/** Without a known open-file limit; also the most the default allows (memory, not files). */
const MAX_CONNECTIONS_CAP = 4096;
/** The log line while the bound is reached: the first at once, then a count per this long. */
const LOG_EVERY_MS = 60_000;

/** The process's soft limit on open files (Linux: /proc/self/limits); null when unknown or unlimited. */
export function openFileLimit(limitsFile = '/proc/self/limits'): number | null {
  try {
    const line = readFileSync(limitsFile, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line ? Number(line.slice('Max open files'.length).trim().split(/\s+/)[0]) : NaN;
    return Number.isFinite(soft) && soft > 0 ? soft : null;
  } catch {
    return null;
  }
}

/** Half of what the open-file limit leaves after the reserve (each connection may hold a second
 * descriptor), at least 16, at most 4096. */
export function defaultMaxConnections(openFiles: number | null): number {
  if (openFiles === null) return MAX_CONNECTIONS_CAP;
  return Math.max(16, Math.min(MAX_CONNECTIONS_CAP, Math.floor((openFiles - RESERVED_FILES) / 2)));
}

/** An eighth of the bound, at least 8: room for a school behind one address to browse. */
export const defaultPerClient = (maxConnections: number): number => Math.max(8, Math.floor(maxConnections / 8));

/** An eighth of the bound, 2 to 16: a body is in progress for the seconds an upload takes. */
export const defaultBodiesPerClient = (maxConnections: number): number => Math.max(2, Math.min(16, Math.floor(maxConnections / 8)));

/** Which peer addresses are proxies, as Express's `trust proxy` reads TRUST_PROXY: `true` or a
 * hop count trusts any peer, `false` none, else the addresses and subnets it names. */
export function proxyAddresses(trustProxy: string): (address: string) => boolean {
  const setting = trustProxy.trim();
  if (setting === 'true' || /^\d+$/.test(setting)) return () => true;
  if (setting === 'false' || setting === '') return () => false;
  try {
    const trust = proxyaddr.compile(setting.split(',').map((a) => a.trim()).filter(Boolean));
    return (address) => trust(address, 0);
  } catch {
    return () => false;
  }
}

/** The limits from the settings: MAX_CONNECTIONS (0: from the open-file limit), the bounds per
 * client (0: from it), HEADERS_TIMEOUT_MS and the form body deadlines, which the request and
 * idle limits must leave room for. */
export function connectionLimits(
  env: {
    MAX_CONNECTIONS: number;
    MAX_CONNECTIONS_PER_CLIENT: number;
    MAX_BODIES_PER_CLIENT: number;
    TRUST_PROXY: string;
    HEADERS_TIMEOUT_MS: number;
    FORM_POST_TIMEOUT_MS: number;
    FORM_POST_IDLE_TIMEOUT_MS: number;
  },
  openFiles: number | null = openFileLimit(),
): ConnectionLimits {
  const maxConnections = env.MAX_CONNECTIONS || defaultMaxConnections(openFiles);
  return {
    maxConnections,
    maxConnectionsPerClient: env.MAX_CONNECTIONS_PER_CLIENT || defaultPerClient(maxConnections),
    maxBodiesPerClient: env.MAX_BODIES_PER_CLIENT || defaultBodiesPerClient(maxConnections),
    isProxy: proxyAddresses(env.TRUST_PROXY),
    headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
    // The body's own deadline answers first (a clear 408 page); this one only ends what it missed.
    requestTimeoutMs: env.HEADERS_TIMEOUT_MS + env.FORM_POST_TIMEOUT_MS + 5_000,
    idleTimeoutMs: Math.max(MIN_IDLE_TIMEOUT_MS, env.FORM_POST_IDLE_TIMEOUT_MS + 5_000),
    keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS,
  };
}

/** The site's HTTP server over `listener`, with these limits. */
export function createSiteServer(listener: RequestListener, limits: ConnectionLimits, logger: Logger, openFiles: number | null = openFileLimit()): Server {
  if (openFiles !== null && limits.maxConnections > openFiles - RESERVED_FILES) {
    logger.warn({ maxConnections: limits.maxConnections, openFiles }, 'MAX_CONNECTIONS leaves too few of the open-file limit: near the bound, accept() and file writes may fail for everyone');
  }
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
    },
    listener,
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.timeout = limits.idleTimeoutMs;
  boundConnections(server, limits.maxConnections, logger, { perClient: limits.maxConnectionsPerClient, isProxy: limits.isProxy });
  return server;
}

/** At most `max` open connections: at the bound the one waiting longest without a request in
 * progress is closed, or, when all are busy, the new one. At most `perClient` of an address
 * that is no proxy: past it, that address's own longest waiting, or its new one. */
export function boundConnections(server: Server, max: number, logger: Logger, fair: { perClient: number; isProxy: (address: string) => boolean } = { perClient: max, isProxy: () => true }): void {
  const open = new Set<Socket>();
  // No request in progress, longest waiting first: a Set keeps the order things were added in.
  const waiting = new Set<Socket>();
  // The open connections of each direct client (never a proxy's), in the order they came.
  const byClient = new Map<string, Set<Socket>>();
  const note = boundNotes(logger, max);
  const drop = (socket: Socket, client: string | null) => {
    open.delete(socket);
    waiting.delete(socket);
    const own = client === null ? undefined : byClient.get(client);
    if (own?.delete(socket) && own.size === 0) byClient.delete(client!);
  };
  /** Closes the first waiting one of `among` (else `newcomer`) to make room. */
  const makeRoom = (among: Iterable<Socket>, newcomer: Socket, clientOf: (s: Socket) => string | null, what: 'bound' | 'client') => {
    let victim = newcomer;
    for (const s of among) {
      if (s !== newcomer && waiting.has(s)) {
        victim = s;
        break;
      }
    }
    drop(victim, clientOf(victim));
    victim.destroy();
    note(victim === newcomer ? 'refused' : 'closed', what);
  };
  const clients = new WeakMap<Socket, string | null>();
  const clientOf = (s: Socket) => clients.get(s) ?? null;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const client = address && !fair.isProxy(address) ? address : null;
    clients.set(socket, client);
    open.add(socket);
    waiting.add(socket);
    socket.once('close', () => drop(socket, client));
    if (client !== null) {
      const own = byClient.get(client) ?? new Set<Socket>();
      byClient.set(client, own);
      own.add(socket);
      if (own.size > fair.perClient) return makeRoom(own, socket, clientOf, 'client');
    }
    if (open.size <= max) return;
    makeRoom(waiting, socket, clientOf, 'bound');
  });
  server.on('request', (req, res) => {
    const socket = req.socket;
    waiting.delete(socket);
    // Answered: waiting again (keep-alive), now the newest.
    res.once('finish', () => {
      if (!open.has(socket)) return;
      waiting.delete(socket);
      waiting.add(socket);
    });
  });
}

/** One log line when the bound (or a client's) is first reached, then a count per minute while it lasts. */
function boundNotes(logger: Logger, max: number): (what: 'closed' | 'refused', bound: 'bound' | 'client') => void {
  let counts = { closed: 0, refused: 0 };
  let timer: NodeJS.Timeout | null = null;
  return (what, bound) => {
    counts[what] += 1;
    if (timer) return;
    logger.warn({ maxConnections: max, ...(bound === 'client' ? { perClient: true } : {}) }, 'connection bound reached');
    counts = { closed: 0, refused: 0 };
    timer = setInterval(() => {
      if (counts.closed + counts.refused === 0) {
        clearInterval(timer!);
        timer = null;
        return;
      }
      // closed: the longest waiting, to make room; refused: new ones while every connection was busy.
      logger.warn({ maxConnections: max, ...counts, minutes: LOG_EVERY_MS / 60_000 }, 'connection bound reached');
      counts = { closed: 0, refused: 0 };
    }, LOG_EVERY_MS);
    timer.unref();
  };
}
