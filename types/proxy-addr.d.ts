// proxy-addr (Express's own client-address rule) ships no types; this covers what the
// render-cache fast path calls, and `compile` for /readyz's operator addresses.
declare module 'proxy-addr' {
  import type { IncomingMessage } from 'node:http';
  type Trust = (address: string, index: number) => boolean;
  function proxyaddr(req: IncomingMessage, trust: Trust): string;
  namespace proxyaddr {
    /** A rule from addresses, subnets and the names `loopback`, `linklocal`, `uniquelocal`; throws on a malformed one. */
    function compile(val: string | string[]): Trust;
  }
  export default proxyaddr;
}
