// npm run bench:lighthouse: Lighthouse mobile (its default: a mid-range phone on a slow 4G
// link, simulated) against the production build, three runs per page, the median reported.
// Each page is also measured with every script blocked: the no-JavaScript reference, which
// says what the scripts cost the first paint.
//
// Lighthouse is not a dependency of the site: it is fetched by npx on first use (the npm
// registry is reachable wherever `npm ci` works) and drives the system Chromium.
// LIGHTHOUSE_PAGES (comma separated) changes the pages; LIGHTHOUSE_RUNS the runs per page.
//
// Lighthouse's page before each run is one of the site's own (`/healthz`), not `about:blank`.
// Every page of the site is sent with `Cross-Origin-Opener-Policy: same-origin`, so Chromium
// moves a navigation from `about:blank` to a new browsing context group, in a renderer
// process started after the trace began. That process joins the trace a little late, and
// now and then after the page's navigation has already started: its `navigationStart` is not
// in the trace and the run fails with NO_NAVSTART (on a busy 2-core machine: 2 of 37 runs with
// scripts blocked, as the issue reported, none of 12 with scripts, though their navigations
// change process the same way; the same page served without that header stays in the traced
// process). From a page of the same origin and the same policy the navigation stays in the
// renderer process that was traced from the start. The browser may then send the page's request
// on the connection `/healthz` opened, but Lighthouse records no request before the page's own,
// and its simulated throttling always puts the first recorded request to an origin on a new
// connection: the document is simulated as from `about:blank`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BLOG_POST_WITH_COVER, CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/support/first-view-bytes';
import { spawnServer } from '../test/support/spawn-server';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const CHROMIUM = process.env.CHROME_PATH ?? CHROMIUM_PATH;
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? `/,/locaties,/doe-de-test/start,${BLOG_POST_WITH_COVER}`).split(',');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROME_FLAGS = CHROMIUM_ARGS.join(' ');

type Run = { score: number; lcp: number; fcp: number; tbt: number; cls: number; bytes: number };

/** The site, once its startup renders are done: render-ahead on, as in production, so every run
 * (the first too) gets the pages as a visitor does. */
async function startSite() {
  const { child, url } = await spawnServer({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lighthouse-data-')), RENDER_AHEAD: 'on' });
  return { url, stop: () => child.kill('SIGTERM') };
}

/** A folder for the runs: Lighthouse's configuration (the default one, with the site's
 * `/healthz` as the page each run starts from: see the top of this file) and the report. */
function runFolder(siteUrl: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lighthouse-'));
  writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ extends: 'lighthouse:default', settings: { blankPage: `${siteUrl}/healthz` } }));
  return dir;
}

/** One Lighthouse run; the report goes to a file (a report written to a pipe can be cut short
 * when Lighthouse exits). */
function lighthouse(url: string, dir: string, blockScripts: boolean): Run {
  const output = path.join(dir, 'report.json');
  const args = ['--yes', LIGHTHOUSE, url, '--quiet', `--config-path=${path.join(dir, 'config.json')}`, '--only-categories=performance', '--output=json', `--output-path=${output}`, `--chrome-flags=${CHROME_FLAGS}`];
  if (blockScripts) args.push('--blocked-url-patterns=*.js');
  rmSync(output, { force: true });
  try {
    execFileSync('npx', args, { encoding: 'utf8', env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '');
    throw new Error(`Lighthouse failed on ${url}${blockScripts ? ' with scripts blocked' : ''}: ${/Runtime error encountered: (.*)/.exec(stderr)?.[1] ?? stderr.trim().split('\n').slice(-3).join(' ')}`, { cause: error });
  }
  const report = JSON.parse(readFileSync(output, 'utf8')) as { runtimeError?: { code: string; message: string }; categories: { performance: { score: number } }; audits: Record<string, { numericValue: number }> };
  if (report.runtimeError) throw new Error(`Lighthouse on ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`);
  const audit = (id: string) => report.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcp: audit('largest-contentful-paint'),
    fcp: audit('first-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    bytes: audit('total-byte-weight'),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function medianRun(runs: Run[]): Run {
  const of = (key: keyof Run) => median(runs.map((r) => r[key]));
  return { score: of('score'), lcp: of('lcp'), fcp: of('fcp'), tbt: of('tbt'), cls: of('cls'), bytes: of('bytes') };
}

async function main() {
  const site = await startSite();
  try {
    const dir = runFolder(site.url);
    const rows: Array<{ page: string; scripts: 'on' | 'blocked'; median: Run; scores: number[] }> = [];
    for (const page of PAGES) {
      await fetch(site.url + page); // rendered once, as a visitor after the first would find it
      for (const blocked of [false, true]) {
        const runs = Array.from({ length: RUNS }, () => lighthouse(site.url + page, dir, blocked));
        rows.push({ page, scripts: blocked ? 'blocked' : 'on', median: medianRun(runs), scores: runs.map((r) => r.score) });
      }
    }
    console.log(`\nLighthouse ${LIGHTHOUSE.split('@')[1]} mobile (simulated throttling), median of ${RUNS} runs per page, each with its scripts and with every *.js blocked\n`);
    console.log('page'.padEnd(42), 'scripts'.padEnd(8), 'score'.padStart(5), 'runs'.padStart(12), 'LCP s'.padStart(6), 'ΔLCP s'.padStart(7), 'FCP s'.padStart(6), 'TBT ms'.padStart(7), 'CLS'.padStart(6), 'total KB'.padStart(9));
    for (const r of rows) {
      const blocked = rows.find((b) => b.page === r.page && b.scripts === 'blocked')!;
      console.log(
        (r.scripts === 'on' ? r.page : '').padEnd(42),
        r.scripts.padEnd(8),
        String(r.median.score).padStart(5),
        r.scores.join('/').padStart(12),
        (r.median.lcp / 1000).toFixed(2).padStart(6),
        (r.scripts === 'on' ? `${r.median.lcp >= blocked.median.lcp ? '+' : ''}${((r.median.lcp - blocked.median.lcp) / 1000).toFixed(2)}` : '').padStart(7),
        (r.median.fcp / 1000).toFixed(2).padStart(6),
        r.median.tbt.toFixed(0).padStart(7),
        r.median.cls.toFixed(3).padStart(6),
        (r.median.bytes / 1024).toFixed(1).padStart(9),
      );
    }
    console.log(
      '\nscripts on: the page as visitors get it; blocked: every *.js refused, the no-JavaScript reference. ' +
        'ΔLCP: LCP with scripts minus LCP with them blocked (the issue\'s goal: within 0.1 s). ' +
        'total KB: Lighthouse\'s total byte weight, every response as transferred with its headers. ' +
        'runs: the score of each run. Each run starts from the site\'s /healthz (see bench/lighthouse.ts: NO_NAVSTART).',
    );
  } finally {
    site.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
