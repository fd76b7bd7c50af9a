// Multipart form posts (file uploads) streamed to disk with busboy: never buffered whole in
// memory. Over the size limit the rest of the upload is read and thrown away (so the browser
// gets the answer), and what was written is removed: nothing is half-stored. Each file's type
// is checked by its content, not by its name.
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Request } from 'express';
import busboy from 'busboy';
import { fileTypeFromFile } from 'file-type';

export type StoredUpload = { field: string; path: string; originalName: string; size: number; mime: string };
export type MultipartResult =
  | { ok: true; fields: Record<string, string>; files: StoredUpload[]; dir: string }
  | { ok: false; reason: 'too-large' | 'bad-type' | 'malformed'; field?: string; fields: Record<string, string> };

/** Detected type → what we store it as. Word, OpenDocument, PDF, RTF and plain text. */
const ALLOWED: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  cfb: 'application/msword',
  rtf: 'application/rtf',
};

export async function parseMultipart(
  req: Request,
  opts: { dir: string; maxTotalBytes: number; fileFields: readonly string[] },
): Promise<MultipartResult> {
  await mkdir(opts.dir, { recursive: true });
  const fields: Record<string, string> = {};
  const files: StoredUpload[] = [];
  const writes: Promise<void>[] = [];
  let total = 0;
  let tooLarge = false;
  let malformed = false;

  const done = new Promise<void>((resolve) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { files: opts.fileFields.length, fields: 60, fieldSize: 64 * 1024, parts: 80 } });
    } catch {
      malformed = true;
      return resolve();
    }
    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('file', (name, stream, info) => {
      if (!opts.fileFields.includes(name) || !info.filename || tooLarge) return void stream.resume();
      const file = path.join(opts.dir, `${name}-${files.length}`);
      const upload: StoredUpload = { field: name, path: file, originalName: path.basename(info.filename).slice(0, 200), size: 0, mime: '' };
      files.push(upload);
      const out = createWriteStream(file);
      let ended = false;
      const finish = () => {
        if (!ended) {
          ended = true;
          out.end();
        }
      };
      out.on('error', () => {
        malformed = true; // disk full or gone: refuse, never crash
        finish();
        stream.resume();
      });
      // Written by hand, not piped: past the limit the bytes must stop reaching the file at
      // once, while the rest of the upload is still read (and dropped) so the browser hears us.
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length;
        upload.size += chunk.length;
        if (total > opts.maxTotalBytes) {
          tooLarge = true;
          finish();
          // A client that keeps sending far past the limit is cut off.
          if (total > opts.maxTotalBytes * 2) req.destroy();
          return;
        }
        if (!ended && !out.write(chunk)) {
          stream.pause();
          out.once('drain', () => stream.resume());
        }
      });
      stream.on('end', finish);
      writes.push(new Promise((r) => out.on('close', () => r())));
    });
    bb.on('error', () => {
      malformed = true;
      resolve();
    });
    bb.on('close', () => resolve());
    req.on('aborted', () => {
      malformed = true;
      resolve();
    });
    req.pipe(bb);
  });

  await done;
  await Promise.all(writes);
  const fail = async (reason: 'too-large' | 'bad-type' | 'malformed', field?: string): Promise<MultipartResult> => {
    await rm(opts.dir, { recursive: true, force: true });
    return { ok: false, reason, field, fields };
  };
  if (tooLarge) return fail('too-large');
  if (malformed) return fail('malformed');
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
