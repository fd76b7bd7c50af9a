#!/usr/bin/env node
// npm test: every part, stopping at the first that fails, with the time each took and the CPU
// it used.
//
//   typecheck + lint + build (side by side), e2e, unit + contract (side by side),
//   scale-content, scale, resilience (short profile)
//
// The first three only read the sources (the build writes dist/, which neither of the others
// reads), and none keeps both cores busy alone (the linter's install waits on the registry, the
// type check and webpack mostly use one core), so they run side by side. The content service's
// preparation (cms/'s `npm ci`, a few minutes of downloads and a compile, then `strapi build`,
// about half a core) starts at once beside the first parts, and the contract test waits for it.
//
// The order packs the two cores: Playwright (about 1.3 cores in the headless shell) runs beside
// the content service's preparation; the unit run (about 0.9 cores) beside the contract test,
// which mostly waits on Strapi (0.3 cores). The scale-content tests (a start to ready at ten times
// the content), the scale and the resilience suites measure time, throughput and latency, so
// they run alone. Each part is the npm script of the same name
// (`npm run test:unit` and so on), so any one of them can still be run alone.
//
// The table gives each part's wall time and its CPU time (user + system of the part and every
// process it waited for, from bash's `times`): CPU / wall is how many of the machine's cores the
// part kept busy, which says where a part beside it would fit. Playwright's figure leaves out
// most of Chromium's CPU (its processes are not counted through their parents: about 0.6 cores
// counted where the machine was 80 % busy).
//
//   node scripts/test-all.mjs --only=typecheck,lint     some parts only
import { spawn } from 'node:child_process';

/** Parts in order; parts in one inner list run side by side. */
const STAGES = [
  [['typecheck', ['run', 'typecheck']], ['lint', ['run', 'lint']], ['build', ['run', 'build']]],
  [['e2e', ['run', 'test:e2e']]],
  [['unit', ['run', 'test:unit']], ['contract', ['run', 'test:contract:prepared'], 'cms']],
  [['scale-content', ['run', 'test:scale-content']]],
  [['scale', ['run', 'test:scale']]],
  [['resilience', ['run', 'test:resilience', '--', '--profile=short']]],
];
const PARTS = STAGES.flat();

const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const chosen = only ? PARTS.filter(([name]) => only.includes(name)) : PARTS;
if (only && chosen.length !== only.length) {
  console.error(`Unknown part in --only: ${only.join(', ')} (parts: ${PARTS.map(([name]) => name).join(', ')})`);
  process.exit(2);
}
const stages = STAGES.map((stage) => stage.filter((part) => chosen.includes(part))).filter((stage) => stage.length > 0);

const started = performance.now();
const times = [];
const children = new Set();

/** Runs `npm <args>` under bash, whose `times` gives the CPU the part used; resolves with its exit
 * code and CPU seconds. `prefix`: its lines are marked (a part beside another). */
function npm(args, prefix) {
  return new Promise((resolve) => {
    const script = 'npm "$@"; status=$?; times >&3; exit $status';
    const child = spawn('bash', ['-c', script, 'npm', ...args], { stdio: ['ignore', prefix ? 'pipe' : 'inherit', prefix ? 'pipe' : 'inherit', 'pipe'] });
    children.add(child);
    let cpuText = '';
    child.stdio[3].on('data', (chunk) => (cpuText += chunk));
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
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve({ code: code ?? (signal ? 1 : 0), cpu: childrenCpu(cpuText) });
    });
  });
}

/** The children's user and system seconds from bash's `times` (its second line: "0m1.5s 0m0.2s"). */
function childrenCpu(text) {
  const line = text.trim().split('\n')[1] ?? '';
  const seconds = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map(([, m, s]) => Number(m) * 60 + Number(s));
  return seconds.length === 2 ? seconds[0] + seconds[1] : NaN;
}

function table(failed) {
  const total = (performance.now() - started) / 1000;
  const lines = times.map(([name, s, cpu, note]) => {
    const used = Number.isFinite(cpu) ? `${cpu.toFixed(0).padStart(5)} s CPU (${(cpu / s).toFixed(1)} cores)` : ''.padEnd(22);
    return `  ${name.padEnd(26)} ${s.toFixed(0).padStart(5)} s  ${used}${note ? `  ${note}` : ''}`;
  });
  console.log(`\nnpm test, part times${failed ? ` (stopped: ${failed} failed)` : ''}:\n${lines.join('\n')}\n  ${'total'.padEnd(26)} ${total.toFixed(0).padStart(5)} s`);
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {
  for (const child of children) child.kill(signal);
  process.exit(1);
});

// The content service's preparation, beside the parts before the contract test.
const cmsStarted = performance.now();
const cms = chosen.some(([, , needs]) => needs === 'cms')
  ? npm(['run', 'cms:prepare'], 'cms').then(({ code, cpu }) => {
      const s = (performance.now() - cmsStarted) / 1000;
      times.push(['cms prepare (beside)', s, cpu, code === 0 ? 'npm ci and strapi build in cms/ when needed' : `exit ${code}`]);
      return code;
    })
  : Promise.resolve(0);

/** Runs one part; resolves with its exit code. */
async function runPart([name, args, needs], beside) {
  if (needs === 'cms') {
    const waitStarted = performance.now();
    const code = await cms;
    const waited = (performance.now() - waitStarted) / 1000;
    if (waited >= 1) times.push(['waiting for cms', waited, NaN]);
    if (code !== 0) return { name: 'cms prepare', code };
  }
  const partStarted = performance.now();
  const { code, cpu } = await npm(args, beside ? name : undefined);
  times.push([beside ? `${name} (side by side)` : name, (performance.now() - partStarted) / 1000, cpu]);
  return { name, code };
}

for (const stage of stages) {
  const results = await Promise.all(stage.map((part) => runPart(part, stage.length > 1)));
  const failed = results.find((r) => r.code !== 0);
  if (failed) {
    for (const child of children) child.kill('SIGTERM');
    table(failed.name);
    process.exit(failed.code);
  }
}
table();
