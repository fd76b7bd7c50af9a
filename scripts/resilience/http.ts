// The suite's HTTP clients: one request over node:http (keep-alive agents, a local address
// per simulated client) and one raw exchange over a socket, for bytes node:http refuses to
// send (control characters, broken framing) and for pipelining.
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';

export type Sent = {
  method: string;
  path: string;
  headers?: Record<string, string | string[]>;
  body?: Buffer | string;
};

export type Outcome =
  | { ok: true; status: number; headers: IncomingHttpHeaders; ms: number; bytes: number; reusedSocket: boolean }
  | { ok: false; error: string; code: string; ms: number; reusedSocket: boolean; timedOut: boolean; refusedByClient: boolean };

export type ClientOptions = { port: number; agent?: Agent; localAddress?: string; timeoutMs: number };

/** One request; never rejects. `refusedByClient`: node:http would not send it (bad path or header). */
export function send(sent: Sent, opts: ClientOptions): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    let reusedSocket = false;
    let timedOut = false;
    let settled = false;
    const clock: { timer?: NodeJS.Timeout } = {};
    const done = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(clock.timer);
      resolve(outcome);
    };
    const failed = (err: Error & { code?: string }, refusedByClient = false) =>
      done({ ok: false, error: err.message, code: err.code ?? (timedOut ? 'TIMEOUT' : 'ERROR'), ms: performance.now() - started, reusedSocket, timedOut, refusedByClient });
    let req: ReturnType<typeof request>;
    try {
      req = request({ host: '127.0.0.1', port: opts.port, method: sent.method, path: sent.path, headers: framed(sent), agent: opts.agent, localAddress: opts.localAddress }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => done({ ok: true, status: res.statusCode ?? 0, headers: res.headers, ms: performance.now() - started, bytes, reusedSocket }));
        res.on('error', failed);
      });
    } catch (err) {
      return failed(err as Error, true);
    }
    clock.timer = setTimeout(() => {
      timedOut = true;
      req.destroy(Object.assign(new Error(`no answer within ${opts.timeoutMs} ms`), { code: 'TIMEOUT' }));
    }, opts.timeoutMs);
    req.on('socket', () => (reusedSocket = req.reusedSocket));
    req.on('error', (err) => failed(err));
    req.end(sent.body);
  });
}

/** The headers, with a Content-Length for a body that has no framing of its own. node:http
 * frames a body only for methods that usually carry one: a GET, OPTIONS, DELETE or TRACE body
 * goes out bare after the headers, where the server rightly reads it as the start of the next
 * request (400, connection closed) and the suite's next request on that connection is reset.
 * Broken framing on purpose is the raw exchanges' business. */
function framed(sent: Sent): Sent['headers'] {
  if (sent.body === undefined) return sent.headers;
  const names = Object.keys(sent.headers ?? {}).map((n) => n.toLowerCase());
  if (names.includes('content-length') || names.includes('transfer-encoding')) return sent.headers;
  return { ...sent.headers, 'Content-Length': String(Buffer.byteLength(sent.body)) };
}

export type RawOutcome = { statuses: number[]; closed: boolean; ms: number; received: string; error?: string };

/** Writes `bytes` on a fresh connection and reads until the server closes it or `timeoutMs`
 * passes (`closed: false`: the connection stopped answering). */
export function rawExchange(port: number, bytes: Buffer | string, timeoutMs: number): Promise<RawOutcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let error: string | undefined;
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      const statuses = [...received.matchAll(/(?:^|\r\n)HTTP\/1\.[01] (\d{3})/g)].map((m) => Number(m[1]));
      resolve({ statuses, closed, ms: performance.now() - started, received, error });
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
    socket.on('error', (err) => (error = err.message));
    socket.on('close', () => finish(true));
    socket.write(bytes);
  });
}

/** A keep-alive agent with one connection: one simulated visitor's browser tab. */
export const keepAliveAgent = () => new Agent({ keepAlive: true, maxSockets: 1 });
