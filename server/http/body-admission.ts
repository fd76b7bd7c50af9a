// Which request bodies are read at all, before any byte of one is. A body holds its connection
// while it arrives, so a body nobody will use, or one client's hundredth at once, is refused at
// once, unread, and its connection closed (issue 38: thousands of bodies trickled to a page held
// every connection the server had):
// - A body to a path that takes none (a page, an asset, /healthz: anything but the form
//   endpoints, the webhooks, logging out and the test checkout) is answered 413 before it is
//   read. A GET with a body is refused the same way.
// - Bodies in progress per client (its address as TRUST_PROXY reads it, an IPv6 address by its
//   /56 as the rate limits count it) are bounded (MAX_BODIES_PER_CLIENT): past it a new one is
//   answered 429 unread. A body stops counting when it has arrived or its connection is gone.
//   Behind a proxy this is where a client is known at all: its connections all come from the
//   proxy. The count is this replica's own, as the connections are (server/http/connections.ts).
// What remains is cut by rate and by deadline (server/forms/body-guard.ts).
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { text, type PlainAnswer } from './plain-answers';

/** Whether a request carries a body (a length above 0, or chunks). */
export const hasBody = (req: IncomingMessage): boolean => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** A route's path as a test: `:name` stands for one segment (a test payment's id, a provider). */
function routeTest(route: string): (path: string) => boolean {
  const pattern = new RegExp(`^${route.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`);
  return (path) => pattern.test(path);
}

/** The paths that take a body: exact paths, routes with `:name` segments, or tests of a path (a
 * form's `/forms/{name}`); POST only. */
export function bodyPaths(paths: ReadonlyArray<string | ((path: string) => boolean)>): (method: string, path: string) => boolean {
  const exact = new Set(paths.filter((p): p is string => typeof p === 'string' && !p.includes('/:')));
  const tests = paths.map((p) => (typeof p === 'string' ? (p.includes('/:') ? routeTest(p) : null) : p)).filter((p): p is (path: string) => boolean => p !== null);
  return (method, path) => method === 'POST' && (exact.has(path) || tests.some((t) => t(path)));
}

export type BodyAdmission = {
  takesBody: (method: string, path: string) => boolean;
  /** Bodies in progress per client. */
  perClient: number;
  send: (req: Request, res: Response, answer: PlainAnswer) => Promise<void>;
};

const CLOSE = { Connection: 'close' };

export function bodyAdmission(o: BodyAdmission): RequestHandler & { inProgress(): number } {
  const inProgress = new Map<string, number>();
  const handler: RequestHandler = (req, res, next) => {
    if (!hasBody(req) || req.complete) return next();
    if (!o.takesBody(req.method, req.path)) {
      req.log?.info({ path: req.path, method: req.method }, 'request body refused unread: this path takes none');
      return void o.send(req, res, { ...text(413, 'Op dit adres kan niets worden verstuurd.'), headers: CLOSE });
    }
    const client = ipKeyGenerator(req.ip ?? '');
    const count = inProgress.get(client) ?? 0;
    if (count >= o.perClient) {
      req.log?.info({ path: req.path, bodies: count }, 'request body refused unread: too many at once from this client (MAX_BODIES_PER_CLIENT)');
      return void o.send(req, res, { ...text(429, 'Er wordt van dit adres al te veel tegelijk verstuurd. Probeer het over een minuut opnieuw.'), headers: { ...CLOSE, 'Retry-After': '60' } });
    }
    inProgress.set(client, count + 1);
    let counted = true;
    const done = () => {
      if (!counted) return;
      counted = false;
      // A keep-alive socket carries many requests: its listener goes with this one's count.
      req.socket.off('close', done);
      const left = (inProgress.get(client) ?? 1) - 1;
      if (left > 0) inProgress.set(client, left);
      else inProgress.delete(client);
    };
    req.once('end', done);
    req.once('close', done);
    req.socket.once('close', done);
    next();
  };
  return Object.assign(handler, { inProgress: () => [...inProgress.values()].reduce((a, b) => a + b, 0) });
}
