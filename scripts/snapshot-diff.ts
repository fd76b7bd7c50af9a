/**
 * Compares two content folders (as `npm run content:snapshot -- --out <dir>` writes them, or the
 * committed `content/`) and prints each difference by file and JSON path:
 *
 *   tsx scripts/snapshot-diff.ts content /tmp/round-trip
 *
 * Exit 0 when they hold the same content, 1 when anything differs, 2 on bad arguments.
 *
 * `.json` files are compared as JSON (key order does not count, array order does); other files
 * (the uploads) byte for byte. What is ignored, and nothing else:
 * - keys named `id` whose value is a number on each side that has them: Strapi's row ids of
 *   records, relations, media and components are given by the database, not by the content.
 * - a file in `uploads/` on one side only that no `.json` file on that side points at
 *   (`/uploads/<name>`): the snapshot writer fetches the files the records use, never the whole
 *   media library (which holds applicants' CVs), so an unused file cannot come back.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

type Difference = { file: string; path: string; detail: string };

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (current: string) => {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const full = join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && !entry.name.startsWith('.')) out.push(relative(dir, full));
    }
  };
  await walk(dir);
  return out.sort();
}

/** File names under uploads/ that the JSON files of a folder point at. */
async function usedUploads(dir: string, files: string[]): Promise<Set<string>> {
  const used = new Set<string>();
  for (const file of files.filter((f) => f.endsWith('.json'))) {
    for (const match of (await readFile(join(dir, file), 'utf8')).matchAll(/"\/uploads\/([^"?#]+)"/g)) used.add(match[1]!);
  }
  return used;
}

const show = (value: unknown) => {
  const text = JSON.stringify(value);
  return text === undefined ? 'undefined' : text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function compare(a: unknown, b: unknown, path: string, report: (path: string, detail: string) => void): void {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) report(path, `array length ${a.length} vs ${b.length}`);
    for (let i = 0; i < Math.min(a.length, b.length); i++) compare(a[i], b[i], `${path}[${i}]`, report);
    return;
  }
  if (isObject(a) && isObject(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const child = /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
      const inA = Object.hasOwn(a, key);
      const inB = Object.hasOwn(b, key);
      if (key === 'id' && (!inA || typeof a[key] === 'number') && (!inB || typeof b[key] === 'number')) continue;
      if (!inA) report(child, `only in B: ${show(b[key])}`);
      else if (!inB) report(child, `only in A: ${show(a[key])}`);
      else compare(a[key], b[key], child, report);
    }
    return;
  }
  if (!Object.is(a, b)) report(path, `A=${show(a)} B=${show(b)}`);
}

async function main(): Promise<number> {
  const [dirA, dirB] = process.argv.slice(2);
  if (!dirA || !dirB) {
    console.error('usage: tsx scripts/snapshot-diff.ts <dirA> <dirB>');
    return 2;
  }
  const differences: Difference[] = [];
  // The snapshot is its records and their files; what else lies in content/ (the photos'
  // licences) is not written by content:snapshot and not compared.
  const ofSnapshot = (files: string[]) => files.filter((f) => f.startsWith('snapshot/') || f.startsWith('uploads/'));
  const [filesA, filesB] = (await Promise.all([filesUnder(dirA), filesUnder(dirB)])).map(ofSnapshot) as [string[], string[]];
  const setB = new Set(filesB);
  const [usedA, usedB] = await Promise.all([usedUploads(dirA, filesA), usedUploads(dirB, filesB)]);
  const unused = (file: string, used: Set<string>) => file.startsWith('uploads/') && !used.has(file.slice('uploads/'.length));
  for (const file of filesA.filter((f) => !setB.has(f) && !unused(f, usedA))) differences.push({ file, path: '', detail: 'only in A' });
  for (const file of filesB.filter((f) => !filesA.includes(f) && !unused(f, usedB))) differences.push({ file, path: '', detail: 'only in B' });
  for (const file of filesA.filter((f) => setB.has(f))) {
    const [rawA, rawB] = await Promise.all([readFile(join(dirA, file)), readFile(join(dirB, file))]);
    if (file.endsWith('.json')) {
      compare(JSON.parse(rawA.toString('utf8')), JSON.parse(rawB.toString('utf8')), '$', (path, detail) =>
        differences.push({ file, path, detail }),
      );
    } else if (!rawA.equals(rawB)) {
      differences.push({ file, path: '', detail: `bytes differ (${rawA.length} vs ${rawB.length})` });
    }
  }
  for (const d of differences) console.log(`${d.file}${d.path ? ` ${d.path}` : ''}: ${d.detail}`);
  console.log(differences.length === 0 ? `No differences (${filesA.length} files).` : `${differences.length} difference(s).`);
  return differences.length === 0 ? 0 : 1;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  },
);
