// One real HTTP server standing in for the content service (Strapi) in tests, for what a real
// one cannot be made to do on demand: answer late, drop a connection, go down and come back on
// the same port. Every request is recorded; a replaceable responder decides each answer.
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Recorded = {
  method: string;
  path: string;
  /** Raw query string, without `?`. */
  query: string;
  headers: IncomingHttpHeaders;
  /** The JSON body; undefined when there is none or when it is multipart. */
  body: unknown;
};

export type Reply = {
  status?: number;
  json?: unknown;
  text?: string;
  /** Raw bytes (a media file), sent with `headers`. */
  bytes?: Buffer;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Drop the connection without an answer (a network error for the client). */
  destroy?: boolean;
};

/** Answers one request. A multipart body is left unread in `incoming`, for the responder to stream. */
export type Responder = (req: Recorded, incoming: IncomingMessage) => Reply | Promise<Reply>;

export type FakeContentService = {
  url: string;
  requests: Recorded[];
  /** Replace the responder mid-test. */
  respond(next: Responder): void;
  /** Stop listening and cut open connections: later requests are refused. */
  down(): Promise<void>;
  /** Listen again on the same port. */
  up(): Promise<void>;
};

export async function startFakeContentService(responder: Responder): Promise<FakeContentService> {
  let answer = responder;
  const requests: Recorded[] = [];
  const server = createServer(async (incoming, res) => {
    const [path = '', query = ''] = (incoming.url ?? '').split('?');
    // Uploads are never read into memory here: a test measures that a large one is streamed.
    const multipart = incoming.headers['content-type']?.startsWith('multipart/') ?? false;
    const raw = multipart ? '' : await readText(incoming);
    const req: Recorded = { method: incoming.method ?? '', path, query, headers: incoming.headers, body: raw ? (JSON.parse(raw) as unknown) : undefined };
    requests.push(req);
    const reply = await answer(req, incoming);
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (reply.destroy) return void incoming.socket.destroy();
    if (res.destroyed) return;
    const json = reply.json !== undefined;
    res.writeHead(reply.status ?? 200, { 'Content-Type': json ? 'application/json' : 'text/html', ...reply.headers });
    res.end(reply.bytes ?? (json ? JSON.stringify(reply.json) : (reply.text ?? '')));
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const { port } = server.address() as AddressInfo;
  let listening = true;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond(next) {
      answer = next;
    },
    async down() {
      if (!listening) return;
      listening = false;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async up() {
      if (listening) return;
      listening = true;
      await listen(port);
    },
  };
}

async function readText(incoming: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
