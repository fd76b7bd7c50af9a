// npm run bench:lighthouse: Lighthouse mobile (its default: a mid-range phone on a slow 4G
// link, simulated) against the production build, three runs per page, the median reported.
// Each page is also measured with every script blocked: the no-JavaScript reference, which
// says what the scripts cost the first paint.
//
// Lighthouse is not a dependency of the site: it is fetched by npx on first use (the npm
// registry is reachable wherever `npm ci` works) and drives the system Chromium.
// LIGHTHOUSE_PAGES (comma separated) changes the pages; LIGHTHOUSE_RUNS the runs per page.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnServer } from '../test/support/spawn-server';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/,/locaties,/doe-de-test/start').split(',');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROME_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
].join(' ');

type Run = { score: number; lcp: number; fcp: number; tbt: number; cls: number };

/** The site, once its startup renders are done. */
async function startSite() {
  const { child, url } = await spawnServer({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lighthouse-data-')) });
  return { url, stop: () => child.kill('SIGTERM') };
}

function lighthouse(url: string, blockScripts: boolean): Run {
  const args = ['--yes', LIGHTHOUSE, url, '--quiet', '--only-categories=performance', '--output=json', '--output-path=stdout', `--chrome-flags=${CHROME_FLAGS}`];
  if (blockScripts) args.push('--blocked-url-patterns=*.js');
  const out = execFileSync('npx', args, { encoding: 'utf8', env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 });
  const report = JSON.parse(out) as { categories: { performance: { score: number } }; audits: Record<string, { numericValue: number }> };
  const audit = (id: string) => report.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcp: audit('largest-contentful-paint'),
    fcp: audit('first-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function medianRun(runs: Run[]): Run {
  return { score: median(runs.map((r) => r.score)), lcp: median(runs.map((r) => r.lcp)), fcp: median(runs.map((r) => r.fcp)), tbt: median(runs.map((r) => r.tbt)), cls: median(runs.map((r) => r.cls)) };
}

async function main() {
  const site = await startSite();
  try {
    const rows: Array<{ page: string; withJs: Run; noJs: Run; scores: number[] }> = [];
    for (const page of PAGES) {
      await fetch(site.url + page); // rendered once, as a visitor after the first would find it
      const withJs = Array.from({ length: RUNS }, () => lighthouse(site.url + page, false));
      const noJs = Array.from({ length: RUNS }, () => lighthouse(site.url + page, true));
      rows.push({ page, withJs: medianRun(withJs), noJs: medianRun(noJs), scores: withJs.map((r) => r.score) });
    }
    console.log(`\nLighthouse ${LIGHTHOUSE.split('@')[1]} mobile (simulated throttling), median of ${RUNS} runs per page\n`);
    console.log('page'.padEnd(22), 'score'.padStart(6), 'runs'.padStart(12), 'LCP s'.padStart(7), 'no-JS LCP s'.padStart(12), 'FCP s'.padStart(7), 'TBT ms'.padStart(7), 'CLS'.padStart(6));
    for (const r of rows) {
      console.log(
        r.page.padEnd(22),
        String(r.withJs.score).padStart(6),
        r.scores.join('/').padStart(12),
        (r.withJs.lcp / 1000).toFixed(2).padStart(7),
        (r.noJs.lcp / 1000).toFixed(2).padStart(12),
        (r.withJs.fcp / 1000).toFixed(2).padStart(7),
        r.withJs.tbt.toFixed(0).padStart(7),
        r.withJs.cls.toFixed(3).padStart(6),
      );
    }
  } finally {
    site.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
