// proxy-addr (Express's own client-address rule) ships no types; this covers what the
// render-cache fast path calls.
declare module 'proxy-addr' {
  import type { IncomingMessage } from 'node:http';
  type Trust = (address: string, index: number) => boolean;
  function proxyaddr(req: IncomingMessage, trust: Trust): string;
  export default proxyaddr;
}
