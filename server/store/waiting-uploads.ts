// Uploads waiting for a confirmation (server/forms/confirm-step.ts): a post without captcha
// that is asked to send its form once more keeps its files on the server meanwhile. The
// question lives in the process's memory; its files are written down here, in the durable
// store, with the form and the key of the address the post gave (src/forms/address-key.ts),
// so that an erasure finds them (person-data.ts) and the upload sweep (upload-sweep.ts) removes
// them once their question has expired, even when no process remembers the question: after a
// restart every one of them is such a file.
import { addressKeyOf } from '../../src/forms/address-key';
import type { StoredFile } from './content-hash';
import type { Db } from './database';
import { placeOf } from './upload-place';

export type WaitingUpload = { file: StoredFile; form: string; createdAt: number; expiresAt: number };

export type WaitingUploads = {
  /** Notes a post's files as waiting until `expiresAt`, under the key of the address it gave. */
  hold(files: readonly StoredFile[], post: { form: string; email: unknown }, now: number, expiresAt: number): void;
  /** Takes these files off the list; gives those that were still on it (an erasure or the
   * sweep may have removed the others, from the disk too). */
  release(files: readonly StoredFile[]): StoredFile[];
  /** The waiting files of posts that gave this address key. */
  ofAddress(key: string): WaitingUpload[];
  /** Files whose question has expired by `now` (all of them when `now` is Infinity). */
  expired(now: number): WaitingUpload[];
  /** The paths of every waiting file (the orphan sweep keeps these). */
  filePaths(): string[];
};

type Row = { file: string; form: string; created_at: number; expires_at: number };

const fromRow = (row: Row): WaitingUpload => ({ file: JSON.parse(row.file) as StoredFile, form: row.form, createdAt: row.created_at, expiresAt: row.expires_at });

export function createWaitingUploads(db: Db): WaitingUploads {
  const insert = db.prepare<[string, string, string, string | null, number, number]>(
    'INSERT OR REPLACE INTO waiting_uploads (place, file, form, email_key, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const remove = db.prepare<[string]>('DELETE FROM waiting_uploads WHERE place = ?');
  const byKey = db.prepare<[string], Row>('SELECT file, form, created_at, expires_at FROM waiting_uploads WHERE email_key = ? ORDER BY created_at, rowid');
  const expired = db.prepare<[number], Row>('SELECT file, form, created_at, expires_at FROM waiting_uploads WHERE expires_at <= ? ORDER BY expires_at');
  const all = db.prepare<[], { file: string }>('SELECT file FROM waiting_uploads');

  const hold = db.transaction((files: readonly StoredFile[], post: { form: string; email: unknown }, now: number, expiresAt: number) => {
    const key = addressKeyOf(post.email);
    for (const file of files) insert.run(placeOf(file.path), JSON.stringify(file), post.form, key, now, expiresAt);
  });
  const release = db.transaction((files: readonly StoredFile[]) => files.filter((file) => remove.run(placeOf(file.path)).changes === 1));

  return {
    hold(files, post, now, expiresAt) {
      if (files.length > 0) hold.immediate(files, post, now, expiresAt);
    },
    release: (files) => (files.length > 0 ? release.immediate(files) : []),
    ofAddress: (key) => byKey.all(key).map(fromRow),
    expired: (now) => expired.all(Number.isFinite(now) ? now : Number.MAX_SAFE_INTEGER).map(fromRow),
    filePaths: () => all.all().map((row) => (JSON.parse(row.file) as StoredFile).path),
  };
}
