#!/usr/bin/env node
// The node_modules a built site needs at run time, and nothing else: used by the Dockerfile.
//
//   node scripts/runtime-deps.mjs <out-dir>     copies them to <out-dir>/node_modules
//   node scripts/runtime-deps.mjs --list        prints the packages and their sizes
//
// The server bundles (dist/server/index.cjs, dist/scripts/*.cjs) leave every package external
// (build/webpack.config.js); the rsc bundle and the browser bundle hold their packages inside.
// So the packages needed are the ones those bundles `require`, with their own dependencies,
// found the way Node finds them and copied to the same places in the tree. Left out: what the
// bundles already hold (altcha's widget, simple-icons, sanitize-html...), peer dependencies
// nothing requires (webpack beside react-server-dom-webpack), `@types/*`, and native build
// leftovers (better-sqlite3 keeps only its compiled `.node` file, not prebuild-install).
import { builtinModules } from 'node:module';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUNDLES = ['dist/server', 'dist/rsc', 'dist/scripts'];
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
/** Dependencies only an install runs (better-sqlite3 downloads its binary with it). */
const INSTALL_ONLY = new Set(['prebuild-install']);

/** Package names the bundles require (`require("x")` or `require("x/sub")`). */
export function bundleExternals(dir = root) {
  const names = new Set();
  for (const bundleDir of BUNDLES.map((d) => path.join(dir, d)).filter(existsSync)) {
    for (const file of readdirSync(bundleDir).filter((f) => f.endsWith('.cjs'))) {
      const text = readFileSync(path.join(bundleDir, file), 'utf8');
      for (const [, request] of text.matchAll(/\brequire\("([^"./][^"]*)"\)/g)) {
        if (builtins.has(request) || builtins.has(request.split('/')[0])) continue;
        names.add(request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0]);
      }
    }
  }
  return [...names].sort();
}

/** The folder Node loads `name` from when required from `fromDir`. */
function findPackage(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === path.dirname(dir) || dir === root) return null;
  }
}

/** Every package folder needed, from the bundles' requires through `dependencies` and
 * `optionalDependencies` (an optional one may be absent). */
export function runtimePackages(dir = root) {
  const found = new Set();
  const queue = bundleExternals(dir).map((name) => ({ name, from: dir, optional: false }));
  while (queue.length) {
    const { name, from, optional } = queue.shift();
    if (name.startsWith('@types/') || INSTALL_ONLY.has(name)) continue;
    const pkgDir = findPackage(name, from);
    if (!pkgDir) {
      if (optional) continue;
      throw new Error(`${name} (needed from ${path.relative(dir, from) || '.'}) is not installed`);
    }
    if (found.has(pkgDir)) continue;
    found.add(pkgDir);
    const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
    for (const dep of Object.keys(pkg.dependencies ?? {})) queue.push({ name: dep, from: pkgDir, optional: false });
    for (const dep of Object.keys(pkg.optionalDependencies ?? {})) queue.push({ name: dep, from: pkgDir, optional: true });
  }
  return [...found].sort();
}

/** The files of the package in `pkgDir` a running server reads: not its nested node_modules
 * (each needed one is copied on its own), type declarations, source maps, or native build
 * leftovers and sources (better-sqlite3 needs only its compiled `.node` file). */
function keeper(pkgDir) {
  const native = path.basename(pkgDir) === 'better-sqlite3';
  return (src) => {
    const rel = path.relative(pkgDir, src).split(path.sep).join('/');
    if (rel === '') return true;
    if (rel.split('/').includes('node_modules')) return false;
    // better-sqlite3 at run time: its JavaScript (lib/), package.json and the compiled module.
    if (native) return /^(lib(\/|$)|package\.json$|LICENSE$)/.test(rel) || ['build', 'build/Release', 'build/Release/better_sqlite3.node'].includes(rel);
    return !/\.(d\.ts|d\.cts|d\.mts|map|tsbuildinfo)$/.test(rel) || statSync(src).isDirectory();
  };
}

function size(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    total += entry.isDirectory() ? size(p) : statSync(p).size;
  }
  return total;
}

function main(arg) {
  if (arg === '--list') {
    const packages = runtimePackages();
    let total = 0;
    for (const p of packages) {
      const bytes = size(p);
      total += bytes;
      process.stdout.write(`${(bytes / 1e6).toFixed(2).padStart(7)} MB  ${path.relative(root, p)}\n`);
    }
    process.stdout.write(`${packages.length} packages, ${(total / 1e6).toFixed(1)} MB before pruning; externals: ${bundleExternals().join(' ')}\n`);
  } else if (arg) {
    const out = path.resolve(arg);
    rmSync(path.join(out, 'node_modules'), { recursive: true, force: true });
    const packages = runtimePackages();
    for (const p of packages) cpSync(p, path.join(out, path.relative(root, p)), { recursive: true, filter: keeper(p) });
    process.stdout.write(`${packages.length} packages, ${(size(path.join(out, 'node_modules')) / 1e6).toFixed(1)} MB in ${path.join(out, 'node_modules')}\n`);
  } else {
    process.stderr.write('usage: node scripts/runtime-deps.mjs <out-dir> | --list\n');
    process.exit(2);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main(process.argv[2]);
