// Strapi's upload plugin for the fake content service: `POST /api/upload`, multipart field
// `files`. Each file is streamed to a temporary directory and hashed as it arrives, never
// held in memory: the memory test runs this server in the same process as the worker.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { answerWrite, strapiError, type Mode } from './fake-failures';

export type ReceivedFile = { id: number; name: string; mime: string; size: number; sha256: string; path: string };

type UploadState = {
  files: ReceivedFile[];
  uploadPosts: number;
  uploadMode: Mode;
  uploadAuth: Array<string | undefined>;
  slowMs: number;
};

export async function createUploadHandler(state: UploadState) {
  const dir = await mkdtemp(path.join(tmpdir(), 'joinus-fake-uploads-'));
  // Numeric ids, as the upload plugin gives; they start where a real library might be.
  let nextId = 42;
  let received = 0;

  const receive = (req: IncomingMessage) =>
    new Promise<Array<Omit<ReceivedFile, 'id'>>>((resolve, reject) => {
      const files: Array<Omit<ReceivedFile, 'id'>> = [];
      const writes: Promise<void>[] = [];
      const bb = busboy({ headers: req.headers });
      bb.on('file', (field, stream, info) => {
        if (field !== 'files') return void stream.resume();
        const file = { name: info.filename ?? '', mime: info.mimeType, size: 0, sha256: '', path: path.join(dir, String((received += 1))) };
        const hash = createHash('sha256');
        stream.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          file.size += chunk.length;
        });
        writes.push(
          pipeline(stream, createWriteStream(file.path)).then(() => {
            file.sha256 = hash.digest('hex');
            files.push(file);
          }),
        );
      });
      bb.on('error', reject);
      bb.on('close', () => void Promise.all(writes).then(() => resolve(files), reject));
      req.pipe(bb);
    });

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    state.uploadPosts += 1;
    state.uploadAuth.push(req.headers.authorization);
    const send = (status: number, body: string) => {
      if (!res.destroyed) res.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
    };
    let files: Array<Omit<ReceivedFile, 'id'>>;
    try {
      files = await receive(req);
    } catch {
      return send(400, strapiError(400, 'ValidationError', 'malformed multipart body'));
    }
    const store = () => files.map((file) => (state.files.push({ id: nextId, ...file }), { id: nextId++, ...file }));
    const answer = (kept: ReceivedFile[]) => JSON.stringify(kept.map(({ id, name, mime, size }) => ({ id, name, mime, size, url: `/uploads/${id}` })));
    if (files.length === 0) return send(400, strapiError(400, 'ValidationError', 'Files are empty'));
    return answerWrite(state.uploadMode, {
      store,
      created: answer,
      send,
      reset: () => req.socket.destroy(),
      slowMs: state.slowMs,
      validationError: strapiError(400, 'ValidationError', 'File type not allowed'),
    });
  };

  return Object.assign(handler, { cleanUp: () => rm(dir, { recursive: true, force: true }) });
}
