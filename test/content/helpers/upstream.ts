import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real HTTP server standing in for Strapi: scripted answers, every request recorded. */
export type Recorded = {
  method: string;
  path: string;
  /** Raw query string, without `?`. */
  query: string;
  headers: IncomingMessage['headers'];
  body: unknown;
};

export type Reply = {
  status?: number;
  json?: unknown;
  text?: string;
  delayMs?: number;
  /** Drop the connection without an answer (a network error for the client). */
  destroy?: boolean;
};

export type Upstream = {
  url: string;
  requests: Recorded[];
  /** Replace the answering function mid-test. */
  respond: (next: (req: Recorded) => Reply | Promise<Reply>) => void;
  /** Stop listening and cut open connections, so later requests are refused. */
  close: () => Promise<void>;
};

export async function startUpstream(respond: (req: Recorded) => Reply | Promise<Reply>): Promise<Upstream> {
  let answer = respond;
  const requests: Recorded[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const [path = '', query = ''] = (req.url ?? '').split('?');
    const recorded: Recorded = {
      method: req.method ?? '',
      path,
      query,
      headers: req.headers,
      body: raw ? (JSON.parse(raw) as unknown) : undefined,
    };
    requests.push(recorded);
    const reply = await answer(recorded);
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (reply.destroy) return void req.socket.destroy();
    if (res.destroyed) return;
    const body = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? '');
    res.writeHead(reply.status ?? 200, {
      'Content-Type': reply.json !== undefined ? 'application/json' : 'text/html',
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond: (next) => {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The shape Strapi v5 gives a list. */
export function list(data: unknown[], pagination = { page: 1, pageSize: 25, pageCount: 1, total: data.length }) {
  return { data, meta: { pagination } };
}
