// The durable local store: one SQLite file under DATA_DIR for everything that must survive a
// crash (form submissions, mails). Server-only; it holds personal data, so it never leaves
// this machine except through the delivery workers.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { addressKeyOf } from '../../src/forms/address-key';
import { MIGRATIONS } from './migrations';

export type Db = Database.Database;

export const DATABASE_FILE = 'joinus.sqlite';

export function databasePath(dataDir: string): string {
  return path.join(path.resolve(dataDir), DATABASE_FILE);
}

export function openDatabase(dataDir: string): Db {
  // 0o700: the file holds visitors' personal data; nobody else on the machine needs it.
  mkdirSync(path.resolve(dataDir), { recursive: true, mode: 0o700 });
  const db = new Database(databasePath(dataDir));
  try {
    // Deleted personal data must not linger in the file: secure_delete overwrites what a purge
    // or an erasure removes with zeros (freed cells and free pages alike), and incremental
    // auto-vacuum lets the purge hand the free pages back, so the file shrinks (retention.ts).
    db.pragma('secure_delete = ON');
    useIncrementalVacuum(db);
    // WAL lets the operator command read while the server writes; FULL syncs the WAL on every
    // commit, so a submission is on disk before the visitor is told "sent" (NORMAL would only
    // protect against a crashed process, not a lost machine).
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    // The server and the operator command may write at the same moment: wait, do not fail.
    db.pragma('busy_timeout = 5000');
    migrate(db);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * Auto-vacuum can only be chosen before the first table exists, or by one VACUUM after: a
 * store made before retention is rewritten once, at the start that finds it so (a few seconds
 * for a large one, before the server listens).
 */
function useIncrementalVacuum(db: Db): void {
  const INCREMENTAL = 2;
  if (db.pragma('auto_vacuum', { simple: true }) === INCREMENTAL) return;
  db.pragma('auto_vacuum = INCREMENTAL');
  const tables = db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'").get()?.n ?? 0;
  if (tables > 0) db.exec('VACUUM');
}

/** Brings the schema to the newest version; each step runs once, in its own transaction. A
 * step may call `address_key(value)`: the key of an address (src/forms/address-key.ts). */
export function migrate(db: Db): void {
  db.function('address_key', { deterministic: true }, (value: unknown) => addressKeyOf(value));
  const apply = db.transaction((version: number, sql: string) => {
    // Read again inside the write lock: another process may have migrated in the meantime.
    if (currentVersion(db) >= version) return;
    db.exec(sql);
    db.pragma(`user_version = ${version}`);
  });
  MIGRATIONS.forEach((sql, index) => {
    const version = index + 1;
    if (currentVersion(db) < version) apply.immediate(version, sql);
  });
}

export function currentVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}
