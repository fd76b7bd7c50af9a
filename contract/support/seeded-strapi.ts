// Strapi seeded once per contract run, every contract file starting from a copy of it.
//
// Seeding the real Strapi (the bootstrap importing content/: 40 files, 136 records, 12 menus)
// is most of a fresh Strapi's start. `contract/run.ts` boots and seeds one Strapi on an empty
// SQLite database and its own public folder, stops it, and hands the folder to the files in
// CONTRACT_SEEDED_STRAPI. `startStrapi` copies that database and public folder (the uploads
// the seed made, formats and all) into a file's own folder the first time it starts a Strapi
// there, so each file's Strapi is as pristine as one that seeded itself, and the files can
// run side by side. What each start does on a database (the site's token, the webhook to the
// file's own site, the admin, the editor roles and account, the account settings) still runs
// on the copy, as on any start of the seeded database.
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The folder of the run's seeded Strapi, set by contract/run.ts. */
export const SEEDED_ENV = 'CONTRACT_SEEDED_STRAPI';

/** What a seeded folder holds: the database, Strapi's public folder, and the log of the seeding start. */
export const seededFiles = (dir: string) => ({ dbFile: path.join(dir, 'strapi.db'), publicDir: path.join(dir, 'public'), logFile: path.join(dir, 'strapi.log') });

/** The run's seeded folder, when the files run through contract/run.ts. */
export function seededDir(): string | null {
  const dir = process.env[SEEDED_ENV];
  if (!dir) return null;
  if (!existsSync(seededFiles(dir).dbFile)) throw new Error(`${SEEDED_ENV}=${dir} holds no strapi.db`);
  return dir;
}

/** The log of the start that seeded the copies ('' when this file seeds its own Strapi). */
export function seedingLog(): string {
  const dir = seededDir();
  return dir ? readFileSync(seededFiles(dir).logFile, 'utf8') : '';
}

/** A new public folder as cms/ has it (robots.txt, an empty uploads/). */
export function freshPublicDir(publicDir: string): void {
  cpSync(path.join(ROOT, 'cms/public'), publicDir, { recursive: true });
  mkdirSync(path.join(publicDir, 'uploads'), { recursive: true });
}

/**
 * A file's Strapi folder from the seeded one: its database and public folder. Without a seeded
 * folder (a file run on its own with `node --test`), an empty public folder: Strapi then seeds
 * itself on the empty database, as every file did before.
 */
export function prepareStrapiFiles(target: { dbFile: string; publicDir: string }): 'copied' | 'empty' {
  const dir = seededDir();
  if (!dir) {
    freshPublicDir(target.publicDir);
    return 'empty';
  }
  const seeded = seededFiles(dir);
  // A clean stop leaves the database alone; a journal beside it would be half a transaction.
  const beside = readdirSync(dir).filter((name) => name.startsWith('strapi.db-'));
  if (beside.length > 0) throw new Error(`the seeded database was not closed cleanly: ${beside.join(', ')}`);
  copyFileSync(seeded.dbFile, target.dbFile);
  cpSync(seeded.publicDir, target.publicDir, { recursive: true });
  return 'copied';
}
