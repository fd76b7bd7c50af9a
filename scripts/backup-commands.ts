// A replica's own data, backed up while it runs and restored onto a new disk:
//
//   npm run submissions -- backup --out DIR     (the server may keep running)
//   npm run submissions -- restore --from DIR   (into an empty DATA_DIR, the server stopped)
//
// What a replica holds that is nowhere else: submissions not yet in Strapi, mails not yet sent,
// donations in flight, and the uploads they name. The store is copied with SQLite's online
// backup (a consistent copy while the server writes: WAL), then the uploads folder; the copy's
// records are checked against the copied files, and the counts are written to manifest.json.
// A restore puts both in an empty DATA_DIR and marks every pending submission as uncertain: one
// delivered after the backup was made is then looked up in Strapi by its submission id before it
// is sent (delivery-worker.ts), never stored twice. Strapi's own database and uploads are backed up
// beside it (docs/operations.md, "Backups"). Backups hold personal data: folders 0700, files 0600.
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE, databasePath, openDatabase, type Db } from '../server/store/database';
import { placeOf } from '../server/store/upload-place';

export const MANIFEST_FILE = 'manifest.json';

type Counts = { submissions: Record<string, number>; mails: Record<string, number>; donations: number; files: number; missingFiles: string[] };

const isEmptyOrAbsent = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** What a store holds, and which of the uploads its records name are not in `uploadsDir`. */
function countsOf(db: Db, uploadsDir: string): Counts {
  const byStatus = (table: string) => Object.fromEntries(db.prepare<[], { status: string; n: number }>(`SELECT status, COUNT(*) AS n FROM ${table} GROUP BY status`).all().map((r) => [r.status, r.n]));
  const named = [
    ...db.prepare<[], { files: string }>("SELECT files FROM submissions WHERE files <> '[]'").all().flatMap((r) => (JSON.parse(r.files) as Array<{ path: string }>).map((f) => placeOf(f.path))),
    ...db.prepare<[], { place: string }>('SELECT place FROM waiting_uploads').all().map((r) => r.place),
  ];
  return {
    submissions: byStatus('submissions'),
    mails: byStatus('mail_outbox'),
    donations: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM donations').get()!.n,
    files: named.length,
    missingFiles: named.filter((place) => !existsSync(path.join(uploadsDir, place))),
  };
}

const summary = (c: Counts) =>
  `${Object.values(c.submissions).reduce((a, b) => a + b, 0)} submissions (${c.submissions.pending ?? 0} pending), ${Object.values(c.mails).reduce((a, b) => a + b, 0)} mails (${c.mails.pending ?? 0} pending), ${c.donations} donations, ${c.files} uploads`;

/** Copies the running store and its uploads to `out`, a new or empty folder. Exit code. */
export async function backupCommand(db: Db, dataDir: string, out: string, print = (line: string) => process.stdout.write(`${line}\n`)): Promise<number> {
  if (!isEmptyOrAbsent(out)) {
    process.stderr.write(`${out} is not empty: back up into a new folder (a backup is never written over another).\n`);
    return 2;
  }
  mkdirSync(out, { recursive: true, mode: 0o700 });
  chmodSync(out, 0o700);
  const copy = path.join(out, DATABASE_FILE);
  await db.backup(copy);
  chmodSync(copy, 0o600);
  // After the store: every upload its copy names was written before it (a record is stored
  // once its files are); one removed since (delivered, then purged) is listed as missing.
  const uploads = path.join(dataDir, 'uploads');
  if (existsSync(uploads)) cpSync(uploads, path.join(out, 'uploads'), { recursive: true, preserveTimestamps: true });
  const snapshot = new Database(copy, { readonly: true });
  const counts = countsOf(snapshot, path.join(out, 'uploads'));
  snapshot.close();
  writeFileSync(path.join(out, MANIFEST_FILE), `${JSON.stringify({ createdAt: new Date().toISOString(), dataDir: path.resolve(dataDir), ...counts }, null, 2)}\n`, { mode: 0o600 });
  print(`Backed up ${path.resolve(dataDir)} to ${path.resolve(out)}: ${summary(counts)}.`);
  for (const place of counts.missingFiles) print(`  upload ${place}: removed since the copy of the store was made (its record was delivered and purged meanwhile)`);
  return 0;
}

/** Puts a backup into `dataDir`, which holds no store. Exit code. */
export function restoreCommand(from: string, dataDir: string, print = (line: string) => process.stdout.write(`${line}\n`)): number {
  const source = path.join(from, DATABASE_FILE);
  if (!existsSync(source)) {
    process.stderr.write(`${from} holds no backup (no ${DATABASE_FILE}): name the folder \`backup --out\` wrote.\n`);
    return 2;
  }
  if (existsSync(databasePath(dataDir))) {
    process.stderr.write(`DATA_DIR (${path.resolve(dataDir)}) already holds a store: stop the server, move that folder aside, and restore into an empty one.\n`);
    return 2;
  }
  const check = new Database(source, { readonly: true });
  const integrity = check.pragma('integrity_check', { simple: true });
  check.close();
  if (integrity !== 'ok') {
    process.stderr.write(`The backup's store is damaged (SQLite: ${String(integrity)}); nothing was restored.\n`);
    return 1;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  copyFileSync(source, databasePath(dataDir));
  chmodSync(databasePath(dataDir), 0o600);
  const uploads = path.join(from, 'uploads');
  if (existsSync(uploads)) cpSync(uploads, path.join(dataDir, 'uploads'), { recursive: true, preserveTimestamps: true });
  // Opened as the server opens it: brought to this version's schema.
  const db = openDatabase(dataDir);
  // Delivered after the backup was made, perhaps: looked up by its id before it is sent again.
  const marked = db.prepare("UPDATE submissions SET uncertain = 1 WHERE status = 'pending'").run().changes;
  const counts = countsOf(db, path.join(dataDir, 'uploads'));
  db.close();
  print(`Restored ${path.resolve(from)} into ${path.resolve(dataDir)}: ${summary(counts)}.`);
  print(`The ${marked} pending submission(s) are looked up in Strapi before they are sent: one delivered after the backup is not stored twice. Pending mails are sent when the server starts.`);
  for (const place of counts.missingFiles) print(`  upload ${place}: not in the backup`);
  return 0;
}
