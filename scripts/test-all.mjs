#!/usr/bin/env node
// npm test: every part in turn, stopping at the first that fails, with the time each took.
//
//   typecheck, lint, build, unit, contract, e2e, scale, resilience (short profile)
//
// The content service's preparation (cms/'s `npm ci`, a few minutes of downloads and a compile,
// then `strapi build`) starts at once beside the first parts, and the contract test waits for it:
// on a clean clone that work no longer stands in line. Each part is the npm script of the same
// name (`npm run test:unit` and so on), so any one of them can still be run alone.
//
//   node scripts/test-all.mjs --only=typecheck,lint     some parts only
import { spawn } from 'node:child_process';

const PARTS = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['build', ['run', 'build']],
  ['unit', ['run', 'test:unit']],
  ['contract', ['run', 'test:contract:prepared'], 'cms'],
  ['e2e', ['run', 'test:e2e']],
  ['scale', ['run', 'test:scale']],
  ['resilience', ['run', 'test:resilience', '--', '--profile=short']],
];

const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const chosen = only ? PARTS.filter(([name]) => only.includes(name)) : PARTS;
if (only && chosen.length !== only.length) {
  console.error(`Unknown part in --only: ${only.join(', ')} (parts: ${PARTS.map(([name]) => name).join(', ')})`);
  process.exit(2);
}

const started = performance.now();
const times = [];
const children = new Set();

/** Runs `npm <args>`; resolves with its exit code. `prefix`: its lines are marked (a part beside another). */
function npm(args, prefix) {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    children.add(child);
    if (prefix) {
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk.toString()).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) process.stdout.write(`[${prefix}] ${line}\n`);
        });
        stream.on('end', () => rest && process.stdout.write(`[${prefix}] ${rest}\n`));
      }
    }
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function table(failed) {
  const total = (performance.now() - started) / 1000;
  const lines = times.map(([name, s, note]) => `  ${name.padEnd(22)} ${s.toFixed(0).padStart(5)} s${note ? `  ${note}` : ''}`);
  console.log(`\nnpm test, part times${failed ? ` (stopped: ${failed} failed)` : ''}:\n${lines.join('\n')}\n  ${'total'.padEnd(22)} ${total.toFixed(0).padStart(5)} s`);
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {
  for (const child of children) child.kill(signal);
  process.exit(1);
});

// The content service's preparation, beside the parts before the contract test.
const cmsStarted = performance.now();
const cms = chosen.some(([, , needs]) => needs === 'cms')
  ? npm(['run', 'cms:prepare'], 'cms').then((code) => {
      times.push(['cms prepare (beside)', (performance.now() - cmsStarted) / 1000, code === 0 ? 'npm ci and strapi build in cms/ when needed' : `exit ${code}`]);
      return code;
    })
  : Promise.resolve(0);

for (const [name, args, needs] of chosen) {
  if (needs === 'cms') {
    const waitStarted = performance.now();
    const code = await cms;
    const waited = (performance.now() - waitStarted) / 1000;
    if (waited >= 1) times.push(['waiting for cms', waited]);
    if (code !== 0) {
      table('cms prepare');
      process.exit(code);
    }
  }
  const partStarted = performance.now();
  const code = await npm(args);
  times.push([name, (performance.now() - partStarted) / 1000]);
  if (code !== 0) {
    for (const child of children) child.kill('SIGTERM');
    table(name);
    process.exit(code);
  }
}
table();
