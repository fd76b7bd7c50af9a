// A visitor who reaches the site at another host than PUBLIC_ORIGIN's (without `www.`, an old
// domain, the bare address) is sent to the same path at the public origin: GET and HEAD with a
// 301, any other method with a 308, which keeps the method and the body. Served as it came, a
// page there works until a form posts: the answer's 303 leads to the public origin, which the
// page's CSP (form-action 'self') does not allow, and the browser silently stays put.
//
// Left alone, because they are not a visitor's:
// - the health, readiness and metrics paths (a proxy's probe says `Host: varnish-probe`, a
//   container's HEALTHCHECK asks localhost);
// - a loopback host (an operator's curl on the machine, a proxy or test on the same machine that
//   keeps the client's loopback Host);
// - the hosts other replicas and services reach this one at: REPLICA_URL's (a replica asking the
//   donation's owner), and the server-to-server paths (the content and payment webhooks, the
//   replicas' questions), which are signed and answered wherever they arrive.
// Off when PUBLIC_ORIGIN is not set (development, `npm start` on a fresh machine: the origin is
// then wherever the server listens) and with OTHER_HOSTS=serve (a proxy in front that rewrites
// Host to an internal name and sends no X-Forwarded-Host).
//
// The host is the one Express's `req.host` would read: X-Forwarded-Host from a proxy TRUST_PROXY
// trusts, else Host.
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { CONTENT_WEBHOOK_PATH, DONATION_REPLICA_PATH, DONATION_WEBHOOK_PATH, HEALTH_PATH, METRICS_PATH, READY_PATH } from '../../src/routing/endpoints';
import { answering } from '../http/plain-answers';
import type { TrustFn } from '../http/proxy-trust';
import { redirect, type Answer } from './answer';
import type { SendAnswer } from './answer-writer';

/** Paths answered at any host: probes, operators' figures, server-to-server calls. */
const ANY_HOST_PATHS: ReadonlySet<string> = new Set([HEALTH_PATH, READY_PATH, METRICS_PATH, CONTENT_WEBHOOK_PATH, DONATION_WEBHOOK_PATH, DONATION_REPLICA_PATH]);

export type OtherHostSettings = {
  /** The public origin to send visitors to; absent (no PUBLIC_ORIGIN): every host is served. */
  publicOrigin?: string;
  /** Further origins this server is reached at by its peers (REPLICA_URL). */
  alsoServed?: readonly string[];
};

const hostOfOrigin = (origin: string) => new URL(origin).host.toLowerCase();

/** Whether `host` (a Host header's value) names this machine. */
function isLoopbackHost(host: string): boolean {
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || name === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/** The host a request was sent to, as `req.host` reads it through `trust`. */
function requestHost(req: IncomingMessage, trust: TrustFn): string {
  const forwarded = req.headers['x-forwarded-host'];
  if (forwarded && trust(req.socket.remoteAddress ?? '', 0)) return String(forwarded).split(',')[0]!.trim().toLowerCase();
  return (req.headers.host ?? '').toLowerCase();
}

/** A test for requests sent to another host than the public origin's (false when off). */
export function otherHost(settings: OtherHostSettings, trust: TrustFn): (req: IncomingMessage) => boolean {
  if (!settings.publicOrigin) return () => false;
  const served = new Set([settings.publicOrigin, ...(settings.alsoServed ?? [])].map(hostOfOrigin));
  // The default port may be written or left out.
  for (const origin of [settings.publicOrigin, ...(settings.alsoServed ?? [])]) {
    const url = new URL(origin);
    if (!url.port) served.add(`${url.hostname.toLowerCase()}:${url.protocol === 'https:' ? 443 : 80}`);
  }
  return (req) => {
    const host = requestHost(req, trust);
    // No host at all (HTTP/1.0): nothing to compare, served as it is.
    if (!host || served.has(host) || isLoopbackHost(host)) return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    return !ANY_HOST_PATHS.has(q === -1 ? url : url.slice(0, q));
  };
}

/** The same path and query at the public origin: 301 for GET and HEAD, 308 (method and body
 * kept) for the rest. */
export function toPublicOrigin(publicOrigin: string, method: string, url: string): Answer {
  const path = url.startsWith('/') && !url.startsWith('//') ? url : '/';
  return redirect(method === 'GET' || method === 'HEAD' ? 301 : 308, `${publicOrigin}${path}`);
}

/** Express middleware: a request to another host is answered with the redirect, its body unread. */
export function otherHostRedirect(isOther: (req: IncomingMessage) => boolean, publicOrigin: string, send: SendAnswer): RequestHandler {
  return answering((req): Answer | undefined => (isOther(req) ? toPublicOrigin(publicOrigin, req.method, req.originalUrl) : undefined), send);
}
