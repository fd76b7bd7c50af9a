// Strapi's upload plugin as a responder of the fake content service: `POST /api/upload`,
// multipart field `files`. Each file is streamed into `dir` and hashed as it arrives, never held
// in memory: the memory test runs this server in the same process as the code it measures.
import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Recorded, Reply } from './fake-content-service';
import { strapiError } from './strapi-shapes';
import { answerWrite, type WriteMode } from './write-modes';

export type ReceivedFile = { id: number; name: string; mime: string; size: number; sha256: string; path: string };

export function fakeUploads(dir: string) {
  mkdirSync(dir, { recursive: true });
  // Numeric ids, as the upload plugin gives; they start where a real library might be.
  let nextId = 42;
  let received = 0;

  const receive = (incoming: IncomingMessage) =>
    new Promise<Array<Omit<ReceivedFile, 'id'>>>((resolve, reject) => {
      const files: Array<Omit<ReceivedFile, 'id'>> = [];
      const writes: Promise<void>[] = [];
      const bb = busboy({ headers: incoming.headers });
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
      incoming.pipe(bb);
    });

  const uploads = {
    /** Files kept, in order (their bytes on disk, hashed). */
    files: [] as ReceivedFile[],
    /** Upload requests, whatever their answer. */
    posts: 0,
    mode: 'up' as WriteMode,
    /** The Authorization header of each upload request. */
    auth: [] as Array<string | undefined>,
    async answer(req: Recorded, incoming: IncomingMessage): Promise<Reply> {
      uploads.posts += 1;
      uploads.auth.push(req.headers.authorization);
      const files = await receive(incoming);
      if (files.length === 0) return { status: 400, json: strapiError(400, 'ValidationError', 'Files are empty') };
      return answerWrite(uploads.mode, {
        store: () => files.map((file) => {
          const kept = { id: nextId++, ...file };
          uploads.files.push(kept);
          return kept;
        }),
        created: (kept) => kept.map(({ id, name, mime, size }) => ({ id, name, mime, size, url: `/uploads/${id}` })),
        validationError: strapiError(400, 'ValidationError', 'File type not allowed'),
      });
    },
  };
  return uploads;
}
