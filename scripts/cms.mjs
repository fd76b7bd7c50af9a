#!/usr/bin/env node
// `npm run cms`: the content service (cms/, Strapi 5) on this machine, seeded from content/ on
// its first start. Installs cms/'s dependencies with `npm ci` when cms/node_modules is missing
// or older than cms/package-lock.json, builds (admin panel and server code, `strapi build`) when
// a source changed since the last build, then runs `strapi start`.
//
// `strapi start` rather than `strapi develop`: it serves the built admin panel and watches
// nothing, so it starts in seconds after the first build, uses less memory and behaves like the
// deployed service (the content-type builder stays read-only there; change the content model with
// `cd cms && npm run develop`). With NODE_ENV=production it refuses to start without its secrets
// (cms/README.md); without, development defaults are used.
//
//   npm run cms                       SQLite in cms/.tmp/data.db, http://localhost:1337/admin
//   npm run cms -- --rebuild          build even when nothing changed
//   npm run cms -- --develop          `strapi develop` (watches src/, content-type builder editable)
//   node scripts/cms.mjs --install-only   only the npm ci step
//   node scripts/cms.mjs --build-only     npm ci and `strapi build` when needed, no start (the
//                                         contract test's first step: its Strapis run `strapi start`)
//
// Every variable of the environment is passed through (PORT, DATABASE_URL, SITE_API_TOKEN, ...).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cms = join(dirname(fileURLToPath(import.meta.url)), '..', 'cms');
const args = new Set(process.argv.slice(2));
const BUILD_STAMP = join(cms, 'dist', '.cms-build');
const env = { STRAPI_TELEMETRY_DISABLED: 'true', ...process.env };
// A development editor (role Redacteur: content, media, menus) to try the admin as the foundation's
// staff would; never with NODE_ENV=production.
if (env.NODE_ENV !== 'production' && !env.EDITOR_EMAIL) Object.assign(env, { EDITOR_EMAIL: 'redacteur@joinus.local', EDITOR_PASSWORD: 'Redacteur-Ontwikkel-1' });

function run(command, commandArgs) {
  return new Promise((resolve, reject) => {
    console.log(`[cms] ${command} ${commandArgs.join(' ')}`);
    const child = spawn(command, commandArgs, { cwd: cms, env, stdio: 'inherit' });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      if (code === 0) resolve();
      else reject(Object.assign(new Error(`${command} ${commandArgs.join(' ')} ended with ${signal ?? `exit code ${code}`}`), { code }));
    });
  });
}

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

/** Newest modification time of the files that go into a build. */
function newestSource() {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stats = statSync(path);
    if (stats.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
    else newest = Math.max(newest, stats.mtimeMs);
  };
  for (const entry of ['src', 'config', 'package.json', 'package-lock.json', 'tsconfig.json']) visit(join(cms, entry));
  return newest;
}

async function main() {
  const installed = join(cms, 'node_modules', '.package-lock.json');
  if (!existsSync(installed) || mtime(installed) < mtime(join(cms, 'package-lock.json'))) {
    const started = Date.now();
    await run('npm', ['ci', '--no-audit', '--no-fund']);
    console.log(`[cms] installed in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  if (args.has('--install-only')) return;
  if (args.has('--develop')) {
    await run('npx', ['strapi', 'develop']);
    return;
  }
  if (args.has('--rebuild') || mtime(BUILD_STAMP) < newestSource()) {
    const started = Date.now();
    await run('npx', ['strapi', 'build']);
    writeFileSync(BUILD_STAMP, `${new Date().toISOString()}\n`);
    console.log(`[cms] built in ${Math.round((Date.now() - started) / 1000)} s`);
  } else if (args.has('--build-only')) console.log('[cms] build is current (nothing in src/, config/ or the package files changed since)');
  if (args.has('--build-only')) return;
  await run('npx', ['strapi', 'start']);
}

main().catch((error) => {
  console.error(`[cms] ${error.message}`);
  process.exitCode = typeof error.code === 'number' ? error.code : 1;
});
