// A submission's files to Strapi's upload plugin, before the record that points at them: one
// `POST {prefix}/upload` per file (multipart, field `files`), through the content client's
// one fetch function so the URL, prefix and token stay in the content settings.
//
// - Streamed from disk: `fs.openAsBlob` gives a file-backed Blob that fetch reads while it
//   sends, so a 100 MB CV never sits in memory.
// - Each file's id is stored the moment its upload answers (the worker does that), so a retry
//   after a later failure skips it. An upload whose answer was lost (timeout, reset, 5xx, or
//   a crash before the id was stored) is simply sent again: at worst an orphan file stays in
//   Strapi's media library for an editor to delete, never a lost CV.
// - The local copies go once the record is delivered (purge.ts): from then on the content
//   service's media library holds the file.
import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { isObject } from '../../src/content/errors';
import { classifyFailure, type DeliveryClient, type DeliveryFailure } from './content-delivery';
import type { RemoteFileId, StoredFile, Submission } from './submissions';

/** An upload may take this long plus a second per MB: far more than a read's 5 s. */
export const UPLOAD_BASE_TIMEOUT_MS = 30_000;
export const UPLOAD_MS_PER_MB = 1_000;

export function uploadTimeoutMs(size: number, defaultMs: number): number {
  return Math.max(defaultMs, UPLOAD_BASE_TIMEOUT_MS + Math.ceil(size / (1024 * 1024)) * UPLOAD_MS_PER_MB);
}

/** One file per field: the last one when a field came twice, as the form's `data` has it. */
export function filesToSend(record: Pick<Submission, 'files'>): StoredFile[] {
  return [...new Map(record.files.map((file) => [file.field, file])).values()];
}

/** The files still to upload, and how long their uploads may take together. */
export function pendingUploads(record: Pick<Submission, 'files' | 'uploads'>, defaultTimeoutMs: number) {
  const files = filesToSend(record).filter((file) => record.uploads[file.field] === undefined);
  const budgetMs = files.reduce((sum, file) => sum + uploadTimeoutMs(file.size, defaultTimeoutMs), 0);
  return { files, budgetMs };
}

/** The stored file could not be read: nothing was sent. */
export class LocalFileError extends Error {
  override readonly name = 'LocalFileError';
  readonly code: string;

  constructor(field: string, cause: unknown) {
    const code = isObject(cause) && typeof cause.code === 'string' ? cause.code : 'EIO';
    super(`stored file of field ${field} cannot be read (${code})`, { cause });
    this.code = code;
  }
}

/** Uploads one file; gives the content service's id for it. */
export async function uploadFile(client: DeliveryClient, file: StoredFile): Promise<RemoteFileId> {
  let blob: Blob;
  try {
    // Node 20's openAsBlob throws a bare ERR_INVALID_ARG_VALUE for any unreadable path: stat
    // first, so a missing file says ENOENT.
    if (!(await stat(file.path)).isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
    blob = await openAsBlob(file.path, { type: file.mime });
  } catch (err) {
    throw new LocalFileError(file.field, err);
  }
  const form = new FormData();
  form.append('files', blob, file.originalName);
  const timeoutMs = uploadTimeoutMs(file.size, client.settings.timeoutMs);
  // log: false for the same reason as the record POST: an error body may echo what was sent.
  const body = await client.request('/upload', { method: 'POST', body: form, timeoutMs, log: false });
  const first: unknown = Array.isArray(body) ? body[0] : undefined;
  const id = isObject(first) ? first.id : undefined;
  // It may have been stored all the same; the retry uploads again (an orphan at worst).
  if (typeof id !== 'number' && typeof id !== 'string') throw new Error('upload answer has no file id');
  return id;
}

/** As for the record POST; a file gone from disk cannot come back by waiting. */
export function classifyUploadFailure(error: unknown): DeliveryFailure {
  if (!(error instanceof LocalFileError)) return classifyFailure(error);
  const kind = error.code === 'ENOENT' || error.code === 'EISDIR' ? 'permanent' : 'not-sent';
  return { kind, status: null, code: error.code, detail: error.message };
}
