// One real HTTP server standing in for the content service (Strapi) in tests, for what a real
// one cannot be made to do on demand: answer late, drop a connection, go down and come back on
// the same port. Every request is recorded; a replaceable responder decides each answer.
// `snapshotResponder` answers as a whole Strapi would, from the committed snapshot (or another
// copy of the embedded content, such as scripts/scale-content.ts writes), with a draft version of
// it for `status=draft`.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import qs from 'qs';
import type { QueryParams } from '../../src/content/query-string';
import { filterRecords } from '../../src/content/snapshot-query';
import { createSnapshotTransport } from '../../src/content/snapshot-transport';

export type Recorded = {
  method: string;
  path: string;
  /** Raw query string, without `?`. */
  query: string;
  headers: IncomingHttpHeaders;
  /** The JSON body; undefined when there is none or when it is multipart. */
  body: unknown;
  /** The port the request came from: which of several processes sent it (/proc knows). */
  clientPort: number;
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

/** `port`: a fixed port (a Playwright web server); a free one by default. */
export async function startFakeContentService(responder: Responder, port = 0): Promise<FakeContentService> {
  let answer = responder;
  const requests: Recorded[] = [];
  const server = createServer(async (incoming, res) => {
    const [path = '', query = ''] = (incoming.url ?? '').split('?');
    // Uploads are never read into memory here: a test measures that a large one is streamed.
    const multipart = incoming.headers['content-type']?.startsWith('multipart/') ?? false;
    const raw = multipart ? '' : await readText(incoming);
    const req: Recorded = { method: incoming.method ?? '', path, query, headers: incoming.headers, body: raw ? (JSON.parse(raw) as unknown) : undefined, clientPort: incoming.socket.remotePort ?? 0 };
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
  await listen(port);
  const bound = (server.address() as AddressInfo).port;
  let listening = true;
  return {
    url: `http://127.0.0.1:${bound}`,
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
      await listen(bound);
    },
  };
}

async function readText(incoming: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

type SnapshotRecord = Record<string, unknown>;
/** Changes the draft copy of one collection file: edit the records in place or return new ones. */
export type DraftEdit = (records: SnapshotRecord[]) => SnapshotRecord[] | void;

/**
 * The committed snapshot as Strapi v5 answers it, with drafts beside it: a request with
 * `status=draft` is answered from a copy of the snapshot changed by `drafts` (per
 * `{locale}/{collection}`), any other from the published snapshot. A draft-only change, a
 * document never published, a slug changed in a draft: whatever a real service can hold.
 * `dir`: another copy of the embedded content to answer from (content at 50 times today's size);
 * without drafts its draft versions are its published ones, read in place rather than copied.
 */
export function snapshotResponder(drafts: Record<string, DraftEdit> = {}, opts: { dir?: string } = {}): Responder {
  const published = path.resolve(opts.dir ?? 'content/snapshot');
  const draftDir = opts.dir && Object.keys(drafts).length === 0 ? published : editedSnapshot(drafts, published);
  const transports = { published: createSnapshotTransport({ dir: published }), draft: createSnapshotTransport({ dir: draftDir }) };
  return async (req) => {
    const query = qs.parse(req.query, { depth: 10 }) as QueryParams;
    const transport = query.status === 'draft' ? transports.draft : transports.published;
    const method = req.method as 'GET';
    const answer = await transport({ method, path: req.path, query, body: undefined, headers: {}, signal: AbortSignal.timeout(5000) });
    return { status: answer.status, json: answer.body };
  };
}

/** A content service that publishes a changed snapshot: what an editor left out of one language
 * (a text, a record), per `{locale}/{collection}`, changed as `edits` say. */
export function editedSnapshotResponder(edits: Record<string, DraftEdit>): Responder {
  const transport = createSnapshotTransport({ dir: editedSnapshot(edits) });
  return async (req) => {
    const query = qs.parse(req.query, { depth: 10 }) as QueryParams;
    const answer = await transport({ method: req.method as 'GET', path: req.path, query, body: undefined, headers: {}, signal: AbortSignal.timeout(5000) });
    return { status: answer.status, json: answer.body };
  };
}

/** A temporary copy of the committed snapshot (or of `from`) with `edits` applied; removed when
 * the process ends. */
function editedSnapshot(edits: Record<string, DraftEdit>, from = path.resolve('content/snapshot')): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'joinus-drafts-'));
  cpSync(from, dir, { recursive: true });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  for (const [file, edit] of Object.entries(edits)) {
    const at = path.join(dir, `${file}.json`);
    const records = JSON.parse(readFileSync(at, 'utf8')) as SnapshotRecord[];
    writeFileSync(at, JSON.stringify(edit(records) ?? records));
  }
  return dir;
}

/** A file in the fake's media library: the upload plugin's record and the file's bytes. */
export type LibraryFile = { record: SnapshotRecord & { url: string; mime: string }; bytes: Buffer; etag?: string };

/**
 * Strapi's media library: `/api/upload/files` answers the records (filtered as Strapi filters,
 * a bare array) and `/uploads/<name>` the files, with their type and ETag. `files` is read at
 * each request: a test replaces a file (an editor's new upload) by changing it.
 */
export function mediaLibraryResponder(files: LibraryFile[]): Responder {
  return (req) => {
    if (req.path === '/api/upload/files') {
      const query = qs.parse(req.query, { depth: 10 }) as QueryParams;
      return { json: filterRecords(files.map((f) => f.record), query.filters) };
    }
    const file = files.find((f) => f.record.url === req.path);
    if (file) return { bytes: file.bytes, headers: { 'Content-Type': file.record.mime, ...(file.etag ? { ETag: file.etag } : {}) } };
    return { status: 404, json: { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } } };
  };
}
