// The site's public origin: canonical URLs, the sitemap and robots.txt, the return from a
// payment, the links in mails, the Origin check of form posts. PUBLIC_ORIGIN when set; else this
// machine at the port the server listens on, so `PORT=4100 npm start` sends a donor to port 4100.
// Never the request's own Host header: cached pages and the sitemap would carry whatever host a
// client sent.
//
// A missing or mismatched origin is a warning, not an error, in production too: `npm start` (the
// README's first command, on a fresh machine, with no settings) runs in production mode, and a
// port mapping or a proxy in front can make a loopback origin on another port right (the image
// test publishes the container's port 3000 on another one).
import type { Env } from './env';

export type PublicOrigin = { origin: string; warning?: { message: string; fix: string } };

const WILDCARD_HOSTS: ReadonlySet<string> = new Set(['', '0.0.0.0', '::', 'localhost']);
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '[::1]']);

/** How a browser on this machine reaches a server bound to `host`. */
export function hostOf(host: string): string {
  if (WILDCARD_HOSTS.has(host)) return 'localhost';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

const isLoopback = (hostname: string) => LOOPBACK_HOSTS.has(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname);
const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

export function resolvePublicOrigin(env: Pick<Env, 'PUBLIC_ORIGIN' | 'HOST' | 'NODE_ENV'>, port: number): PublicOrigin {
  if (!env.PUBLIC_ORIGIN) {
    const origin = `http://${hostOf(env.HOST)}:${port}`;
    if (env.NODE_ENV !== 'production') return { origin };
    return {
      origin,
      warning: {
        message: `PUBLIC_ORIGIN is not set: links, the sitemap and the return from a payment use ${origin}, which only this machine reaches`,
        fix: 'on a public site set PUBLIC_ORIGIN to the address visitors use, e.g. PUBLIC_ORIGIN=https://www.stichtingjoinus.nl',
      },
    };
  }
  const url = new URL(env.PUBLIC_ORIGIN);
  if (isLoopback(url.hostname) && portOf(url) !== port) {
    return {
      origin: env.PUBLIC_ORIGIN,
      warning: {
        message: `PUBLIC_ORIGIN is ${env.PUBLIC_ORIGIN}, but the site listens on port ${port}: links, the sitemap and the return from a payment lead to port ${portOf(url)}`,
        fix: `set PUBLIC_ORIGIN=http://${hostOf(env.HOST)}:${port} or leave it out; right as it is only when a proxy or port mapping answers on ${env.PUBLIC_ORIGIN}`,
      },
    };
  }
  return { origin: env.PUBLIC_ORIGIN };
}
