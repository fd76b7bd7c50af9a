// Why the durable store could not be opened, said so that the operator knows the fix. In a
// container the usual causes are a bind mount owned by root (the site runs as uid 1000) and
// `.env.example`'s relative `DATA_DIR=.data`, which points inside the read-only app folder.
import path from 'node:path';

/** Error codes that mean "this process cannot make or write the folder there" (a read-only
 * container root answers mkdir with ENOENT). */
const NOT_WRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOENT', 'ENOTDIR', 'SQLITE_CANTOPEN', 'SQLITE_READONLY', 'SQLITE_READONLY_DIRECTORY']);

export type ProcessIdentity = { uid?: number; gid?: number; cwd: string };

/** The lines of the startup error for a store that could not be opened in `dataDir`. */
export function dataDirProblem(dataDir: string, err: unknown, who: ProcessIdentity): string[] {
  const resolved = path.resolve(who.cwd, dataDir);
  const lines = [`cannot open the durable store in ${resolved} (DATA_DIR=${dataDir}): ${(err as Error)?.message ?? String(err)}`];
  const code = (err as { code?: unknown })?.code;
  if (typeof code !== 'string' || !NOT_WRITABLE.has(code)) return lines;
  const user = who.uid === undefined ? 'this process' : `uid ${who.uid}`;
  lines.push(`DATA_DIR must be a folder ${user} can write (submissions and mails wait there).`);
  if (!path.isAbsolute(dataDir)) {
    lines.push(`DATA_DIR=${dataDir} is relative to ${who.cwd}. In the container image leave DATA_DIR out (it is /data there) and mount a volume on /data; elsewhere give an absolute path.`);
  }
  const owner = who.uid === undefined ? '' : ` (chown ${who.uid}:${who.gid ?? who.uid} <folder>)`;
  lines.push(`In a container: mount a named volume there (podman run -v joinus-data:${path.isAbsolute(dataDir) ? dataDir : '/data'} ...), or a host folder owned by ${user}${owner}.`);
  return lines;
}
