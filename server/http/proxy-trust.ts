// A reverse proxy the site does not trust is a silent misconfiguration: every visitor behind
// it shares the proxy's address (one rate-limit bucket for everybody) and https is seen as
// http (a form posted from a second public hostname is refused). The proxy says it is there
// with X-Forwarded-For or X-Forwarded-Proto; when such a request comes from an address that
// TRUST_PROXY does not trust, this says so, loudly, once per address (ten at most).
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

export type TrustFn = (address: string, hop: number) => boolean;

export function untrustedProxyWarning(trust: TrustFn, setting: string, logger: Logger, maxWarnings = 10): RequestHandler {
  const warned = new Set<string>();
  return (req, _res, next) => {
    if (warned.size < maxWarnings) check(req, trust, setting, logger, warned);
    next();
  };
}

function check(req: IncomingMessage, trust: TrustFn, setting: string, logger: Logger, warned: Set<string>): void {
  if (req.headers['x-forwarded-for'] === undefined && req.headers['x-forwarded-proto'] === undefined) return;
  const peer = req.socket.remoteAddress;
  if (!peer || warned.has(peer) || trust(peer, 0)) return;
  warned.add(peer);
  const address = peer.replace(/^::ffff:/, '');
  logger.warn(
    { proxy: address, trustProxy: setting },
    `a proxy at ${address} sends X-Forwarded-For/X-Forwarded-Proto, but TRUST_PROXY=${setting} does not trust it: ` +
      `every visitor behind it shares its address (one rate-limit bucket) and https is seen as http. ` +
      `Set TRUST_PROXY to its address or network (TRUST_PROXY=${address}); see .env.example`,
  );
}
