// `npm run test:contract`: the contract files against the real Strapi of `cms/`, seeded once.
//
// 1. `node scripts/cms.mjs --build-only` (the npm script's first step): cms/ installed on first
//    use, `strapi build` when a source changed.
// 2. Here: one Strapi (`strapi start`, as `npm run cms` runs it) boots on an empty SQLite database
//    with a public folder of its own, seeds itself from content/, and is stopped.
// 3. `node --test` runs the contract files, CONTRACT_CONCURRENCY at a time (default 2); each file's
//    Strapi starts from a copy of that database and public folder (support/seeded-strapi.ts).
//
//   npm run test:contract                                         every contract/*.test.ts
//   npm run test:contract -- contract/accounts-contract.test.ts   some of them
//   CONTRACT_CONCURRENCY=1 npm run test:contract                  one file at a time
//   CONTRACT_KEEP=1                                               keep the seeded folder (and each file's)
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, ROOT, startStrapi } from './support/processes';
import { SEEDED_ENV, seededFiles } from './support/seeded-strapi';

/** The files named, or every contract/*.test.ts (node --test starts them in name order). */
function contractFiles(args: string[]): string[] {
  if (args.length > 0) return args;
  return readdirSync(path.join(ROOT, 'contract'))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => path.join('contract', name));
}

/** Boots Strapi on an empty database in `dir`, waits until the seed is served, stops it cleanly. */
async function seed(dir: string): Promise<void> {
  const started = Date.now();
  const strapi = await startStrapi({ port: await freePort(), ...seededFiles(dir), token: '', siteUrl: '', webhookSecret: '', previewSecret: '', env: { RETENTION_ENABLED: 'false' } });
  const seeded = /\[seed\] (\d+ file rows.*)/.exec(strapi.log())?.[1];
  await strapi.stop();
  if (!seeded) throw new Error(`the seeding start logged no [seed] line:\n${strapi.log().slice(-4000)}`);
  console.log(`# Strapi booted and seeded once in ${((Date.now() - started) / 1000).toFixed(1)} s (${seeded})`);
}

function runFiles(files: string[], env: NodeJS.ProcessEnv, concurrency: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', `--test-concurrency=${concurrency}`, ...files], { cwd: ROOT, env, stdio: 'inherit' });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  const concurrency = Number(process.env.CONTRACT_CONCURRENCY ?? 2);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`CONTRACT_CONCURRENCY must be a whole number from 1 (${process.env.CONTRACT_CONCURRENCY})`);
  const files = contractFiles(process.argv.slice(2));
  const dir = mkdtempSync(path.join(tmpdir(), 'joinus-contract-seeded-'));
  try {
    await seed(dir);
    const started = Date.now();
    const code = await runFiles(files, { ...process.env, [SEEDED_ENV]: dir }, concurrency);
    console.log(`# ${files.length} contract file(s), ${concurrency} at a time, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return code;
  } finally {
    if (process.env.CONTRACT_KEEP === '1') console.log(`# kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: Error) => {
    console.error(error.stack ?? error.message);
    process.exitCode = 1;
  },
);
