import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Read-once access to the committed snapshot. Files are small and change only with a deploy,
 * so each is parsed on first use and kept; a missing file is remembered as missing.
 */
export type SnapshotStore = { read(...segments: string[]): Promise<unknown> };

/** Names that may become path segments: no dots, slashes or other surprises. */
const SAFE_SEGMENT = /^[a-z0-9][a-z0-9-]*$/i;

export function createSnapshotStore(dir: string): SnapshotStore {
  const root = path.resolve(dir);
  const files = new Map<string, Promise<unknown>>();

  return {
    read(...segments) {
      if (!segments.every((segment) => SAFE_SEGMENT.test(segment))) return Promise.resolve(undefined);
      const file = path.join(root, ...segments) + '.json';
      if (!file.startsWith(root + path.sep)) return Promise.resolve(undefined);
      let pending = files.get(file);
      if (!pending) {
        pending = load(file);
        files.set(file, pending);
      }
      return pending;
    },
  };
}

async function load(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`Snapshot file ${file} is not valid JSON`, { cause: error });
  }
}
