// A real HTTP server playing a Strapi v5 collection: POST stores a record, GET filters by
// submissionId. It can be taken down (connections refused) and brought back on the same port,
// and each POST can be answered badly in the ways a real service fails. `POST /api/upload`
// plays the upload plugin (fake-upload.ts), failing in the same ways under `uploadMode`.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerWrite, strapiError, type Mode } from './fake-failures';
import { createUploadHandler, type ReceivedFile } from './fake-upload';

export type { Mode } from './fake-failures';

export type StoredRecord = { documentId: string; data: Record<string, unknown> };

export type FakeContent = {
  url: string;
  records: StoredRecord[];
  posts: number;
  gets: number;
  mode: Mode;
  /** Files kept by the upload plugin, in order (their bytes on disk, hashed). */
  files: ReceivedFile[];
  /** Upload requests, whatever their answer. */
  uploadPosts: number;
  uploadMode: Mode;
  /** The Authorization header of each upload request. */
  uploadAuth: Array<string | undefined>;
  slowMs: number;
  /** Stop listening: the next request is refused. */
  down(): Promise<void>;
  /** Listen again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
};

export async function startFakeContent(collection: string, validationDetails: unknown = {}): Promise<FakeContent> {
  const state = {
    records: [] as StoredRecord[],
    posts: 0,
    gets: 0,
    mode: 'up' as Mode,
    slowMs: 1000,
    files: [] as ReceivedFile[],
    uploadPosts: 0,
    uploadMode: 'up' as Mode,
    uploadAuth: [] as Array<string | undefined>,
  };
  const upload = await createUploadHandler(state);
  const server: Server = createServer(async (req, res) => {
    if (req.method === 'POST' && req.url === '/api/upload') return upload(req, res);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (status: number, body: string) => {
      if (res.destroyed) return;
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
    };
    if (url.pathname !== `/api/${collection}`) return send(404, strapiError(404, 'NotFoundError', 'Not Found'));
    if (req.method === 'GET') {
      state.gets += 1;
      const wanted = url.searchParams.get('filters[submissionId][$eq]');
      const found = state.records.filter((r) => wanted !== null && r.data.submissionId === wanted);
      const list = found.map((r) => ({ id: state.records.indexOf(r) + 1, documentId: r.documentId, ...r.data }));
      return send(200, JSON.stringify({ data: list, meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: list.length } } }));
    }
    state.posts += 1;
    const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: Record<string, unknown> };
    const store = () => {
      const record = { documentId: randomUUID().replace(/-/g, '').slice(0, 24), data };
      state.records.push(record);
      return record;
    };
    return answerWrite(state.mode, {
      store,
      created: (record) => JSON.stringify({ data: { id: state.records.indexOf(record) + 1, documentId: record.documentId, ...data }, meta: {} }),
      send,
      reset: () => req.socket.destroy(),
      slowMs: state.slowMs,
      validationError: strapiError(400, 'ValidationError', '1 error occurred', validationDetails),
    });
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  let listening = true;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    async down() {
      if (listening) await stop();
      listening = false;
    },
    async up() {
      if (!listening) await listen(port);
      listening = true;
    },
    async close() {
      if (listening) await stop();
      listening = false;
      await upload.cleanUp();
    },
  });
}
