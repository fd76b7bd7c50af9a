#!/usr/bin/env node
// npm run test:unit: every *.test.ts(x) under test/, one process per folder.
//
// Node's test runner gives each file a process of its own. Most of a file's cost was not its
// tests but loading the site's modules through tsx (about 1.8 s of CPU for a file that composes
// the site, 0.4 s for an empty one), paid again by every one of 162 files. Here each folder's
// files are imported by one generated file (.unit-groups/, not committed), so a folder loads the
// site once; the folders run two at a time, the largest first.
//
// Within a folder the files run one after another in one process, as their tests always did
// within a file: each test file keeps its own stores, ports and temporary folders (testApp's data
// folder is new per app), and a file's `before`/`after` hooks run at the folder's start and end.
//
// Not here: test/scale-content/, whose tests measure (a start to ready within 10 s, at ten times
// the content) and so run alone, as `npm run test:scale-content` (scripts/test-all.mjs): beside
// the other folders and the contract test's Strapi, a start took 10.9 s on a 2-core machine that
// took 2.7 s alone.
//
//   npm run test:unit                                  every folder
//   npm run test:unit -- test/server/forms/x.test.ts   some files, each in a process of its own
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const groupsDir = path.join(root, '.unit-groups');

/** The folders whose tests measure, run alone by their own script. */
const MEASURING = new Set([path.join('test', 'scale-content')]);

/** Every test file under `dir`, relative to the root, sorted (the measuring folders left out). */
function testFiles(dir) {
  const found = [];
  for (const name of readdirSync(path.join(root, dir)).sort()) {
    const rel = path.join(dir, name);
    if (MEASURING.has(rel)) continue;
    if (statSync(path.join(root, rel)).isDirectory()) found.push(...testFiles(rel));
    else if (/\.test\.tsx?$/.test(name)) found.push(rel);
  }
  return found;
}

/** One generated file per folder that imports the folder's test files in order. */
function writeGroups(files) {
  const byFolder = new Map();
  for (const file of files) {
    const folder = path.dirname(file);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), file]);
  }
  rmSync(groupsDir, { recursive: true, force: true });
  mkdirSync(groupsDir, { recursive: true });
  // The largest folders first, so the last to finish are small ones.
  const folders = [...byFolder].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  return folders.map(([folder, members]) => {
    const group = path.join(groupsDir, `${folder.replaceAll(path.sep, '.')}.test.mjs`);
    const imports = members.map((file) => `import '../${file.split(path.sep).join('/')}';`);
    writeFileSync(group, `// The test files of ${folder}/, in one process (scripts/unit-tests.mjs).\n${imports.join('\n')}\n`);
    return path.relative(root, group);
  });
}

const named = process.argv.slice(2);
const targets = named.length > 0 ? named : writeGroups(testFiles('test'));
const args = ['--import', 'tsx', '--import', './test/support/error-guard.ts', '--test', '--test-concurrency=2', '--test-reporter=spec', ...targets];
const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
