// Who sees what is for operators only (/readyz's figures, /metrics): a client whose address is
// in OPERATOR_ADDRESSES (loopback by default; addresses and subnets as TRUST_PROXY names them),
// or a request with `Authorization: Bearer <token>`. The address is the one the caller trusts:
// Express's `req.ip` (through TRUST_PROXY) on the site's port, the socket's peer on a port of
// its own. Tokens are compared as digests, in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';
import proxyaddr from 'proxy-addr';

export type OperatorRule = {
  /** OPERATOR_ADDRESSES: addresses, subnets, `loopback`, comma-separated. Default: loopback. */
  addresses?: string;
  /** The bearer token that opens it from anywhere; none when absent. */
  token?: string;
};

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether a request from `address` with this Authorization header is an operator's. */
export function operatorAccess(rule: OperatorRule): (address: string | undefined, authorization: string | undefined) => boolean {
  const operators = proxyaddr.compile((rule.addresses ?? 'loopback').split(',').map((a) => a.trim()).filter(Boolean));
  const token = rule.token ? digest(rule.token) : null;
  return (address, authorization) => {
    const bearer = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim();
    if (token && bearer && timingSafeEqual(digest(bearer), token)) return true;
    return address !== undefined && operators(address, 0);
  };
}
