// Multipart form posts (file uploads) streamed to disk with busboy: never buffered whole in
// memory. Over the size limit the rest of the upload is read and thrown away (so the browser
// gets the answer), and what was written is removed: nothing is half-stored. Each file's type
// is checked by its content, not by its name.
//
// A post that does not reach its end leaves nothing either: when the client goes away, or the
// post is too slow (body-guard.ts), every file being written is closed and removed, and the
// caller hears why. A malformed body is read to its end (bounded), so the connection can carry
// the next request.
//
// Without room on disk for the post (upload-budget.ts), its fields are read and its files
// dropped unwritten: the caller hears `no-room` and the file field it was for. Room is taken
// from the budget as a file's bytes arrive, before each is written (`room`); when the budget
// has none left midway, that file and any after it are dropped and what was written removed.
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Request } from 'express';
import busboy from 'busboy';
import { fileTypeFromFile } from 'file-type';
import { watchBody, type BodyTimeouts } from './body-guard';

export type StoredUpload = { field: string; path: string; originalName: string; size: number; mime: string };
export type MultipartFailure = 'too-large' | 'bad-type' | 'malformed' | 'too-slow' | 'aborted' | 'no-room';
export type MultipartResult =
  | { ok: true; fields: Record<string, string>; files: StoredUpload[]; dir: string }
  | { ok: false; reason: MultipartFailure; field?: string; fields: Record<string, string>; bytes: number };

/** Detected type → what we store it as. Word, OpenDocument, PDF, RTF and plain text. */
const ALLOWED: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  cfb: 'application/msword',
  rtf: 'application/rtf',
};

/** Past twice the limit the visitor is answered at once; the rest of the body is read and
 * dropped for this long more (so the answer is not lost in a reset), then the connection closes. */
export const TOO_LARGE_LINGER_MS = 10_000;

type Ending = 'complete' | 'too-large' | 'malformed' | 'too-slow' | 'aborted';

export async function parseMultipart(
  req: Request,
  opts: { dir: string; maxTotalBytes: number; fileFields: readonly string[]; timeouts: BodyTimeouts; refuseFiles?: boolean; room?: { take(bytes: number): string | null } },
): Promise<MultipartResult> {
  if (!opts.refuseFiles) await mkdir(opts.dir, { recursive: true });
  const fields: Record<string, string> = {};
  const files: StoredUpload[] = [];
  const outs: WriteStream[] = [];
  let total = 0;
  let tooLarge = false;
  /** The file field whose file was dropped for want of room. */
  let noRoomFor: string | undefined;
  let refuseFiles = opts.refuseFiles === true;

  const ending = await new Promise<Ending>((resolve) => {
    let ended = false;
    const end = (how: Ending) => {
      if (ended) return;
      ended = true;
      // Cut short: every file being written is closed now (its rest never comes).
      if (how !== 'complete') for (const out of outs) out.destroy();
      // Too slow: nothing more is read; the answer closes the connection.
      if (how === 'too-slow') {
        req.unpipe();
        req.pause();
      }
      resolve(how);
    };
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { files: opts.fileFields.length, fields: 60, fieldSize: 64 * 1024, parts: 80 } });
    } catch {
      // Not multipart after all (no boundary): nothing parsed, the body is read and dropped.
      const watch = watchBody(req, opts.timeouts, { expired: () => end('too-slow'), aborted: () => end('aborted') });
      watch.drain();
      return end('malformed');
    }
    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('file', (name, stream, info) => {
      stream.on('error', () => {}); // busboy ends it with an error when the body is cut
      if (!opts.fileFields.includes(name) || !info.filename || tooLarge) return void stream.resume();
      if (refuseFiles) {
        noRoomFor ??= name;
        return void stream.resume();
      }
      const file = path.join(opts.dir, `${name}-${files.length}`);
      const upload: StoredUpload = { field: name, path: file, originalName: path.basename(info.filename).slice(0, 200), size: 0, mime: '' };
      files.push(upload);
      const out = createWriteStream(file);
      outs.push(out);
      let finished = false;
      const finish = () => {
        if (!finished) {
          finished = true;
          out.end();
        }
      };
      out.on('error', () => {
        if (ended) return; // destroyed on purpose
        finish();
        stream.resume();
        end('malformed'); // disk full or gone: refuse, never crash
        watch.drain();
      });
      // Written by hand, not piped: past the limit the bytes must stop reaching the file at
      // once, while the rest of the upload is still read (and dropped) so the browser hears us.
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length;
        upload.size += chunk.length;
        if (total > opts.maxTotalBytes) {
          tooLarge = true;
          finish();
          // Far past the limit: answer now, drop what still comes for a while, then close.
          if (total > opts.maxTotalBytes * 2) {
            end('too-large');
            watch.drain(TOO_LARGE_LINGER_MS);
          }
          return;
        }
        if (finished) return;
        // No room for these bytes: this file and the rest are dropped (removed at the end).
        if (opts.room?.take(chunk.length)) {
          noRoomFor ??= name;
          refuseFiles = true;
          return finish();
        }
        if (!out.write(chunk)) {
          stream.pause();
          out.once('drain', () => stream.resume());
        }
      });
      stream.on('end', finish);
    });
    bb.on('error', () => {
      end('malformed');
      watch.drain();
    });
    bb.on('close', () => end(tooLarge ? 'too-large' : 'complete'));
    req.pipe(bb);
    const watch = watchBody(req, opts.timeouts, { expired: () => end('too-slow'), aborted: () => end('aborted') });
  });

  // Every file written is closed before it is checked or removed.
  await Promise.all(outs.map((out) => (out.closed ? undefined : new Promise<void>((r) => out.once('close', () => r())))));
  const fail = async (reason: MultipartFailure, field?: string): Promise<MultipartResult> => {
    await rm(opts.dir, { recursive: true, force: true });
    return { ok: false, reason, field, fields, bytes: total };
  };
  if (ending !== 'complete') return fail(ending);
  if (noRoomFor) return fail('no-room', noRoomFor);
  for (const file of files) {
    const mime = await detectType(file.path);
    if (!mime) return fail('bad-type', file.field);
    file.mime = mime;
  }
  if (!files.length) await rm(opts.dir, { recursive: true, force: true });
  return { ok: true, fields, files, dir: opts.dir };
}

async function detectType(file: string): Promise<string | null> {
  const detected = await fileTypeFromFile(file).catch(() => undefined);
  if (detected) return ALLOWED[detected.ext] ?? null;
  return (await looksLikeText(file)) ? 'text/plain' : null;
}

/** No magic number: accept it as plain text only if its start is UTF-8 without NUL bytes. */
async function looksLikeText(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    const head = buffer.subarray(0, bytesRead);
    if (bytesRead === 0 || head.includes(0)) return false;
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, lastCompleteChar(head)));
    return true;
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

/** Length up to the last complete UTF-8 character, so a cut multi-byte character is no error. */
function lastCompleteChar(buf: Buffer): number {
  const end = buf.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const b = buf[end - i]!;
    if ((b & 0xc0) === 0xc0) return end - i;
    if ((b & 0x80) === 0) return end;
  }
  return end;
}
