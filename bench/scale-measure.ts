// One row of `npm run bench:scale`: the built site started on content at `factor` times the
// embedded content (scripts/scale-content.ts), as an operator starts it (render-ahead on, the
// default memory bounds), then every sitemap page asked for twice, as a visitor's browser asks.
// The 10x test (test/scale-content/) asserts the budgets on the same figures.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../test/support/spawn-server';
import { requireBuild } from '../test/support/require-build';
import { writeScaledContent } from '../scripts/scale-content';
import { crawl, getPage, groupsByDistrict, renderCacheCounts, rssBytes, sitemapPaths, type PageSize } from './scale-crawl';

export type ScaleRow = {
  factor: number;
  pages: number;
  /** From the process's start to the first /readyz 200. */
  readyMs: number;
  /** From the start to the end of the background render-ahead of the rest of the sitemap. */
  allRenderedMs: number;
  rssAtReady: number;
  rssAfterCrawl: number;
  /** The share of the second full pass answered from the render cache. */
  secondPassHits: number;
  averageHtml: number;
  largest: PageSize;
  largestGzip: PageSize;
  home: PageSize;
  locations: PageSize;
  search: PageSize;
  /** Per region: the groups its pages list (over all their page links) of those the content has. */
  districts: { slug: string; shown: number; has: number }[];
  failed: string[];
};

/** The search a visitor in Tiel (Rivierenland, the region with the most groups) makes. */
export const SCALE_SEARCH = '/locaties?age=16&postcode=4001+LK';

const GROUP_LINK = /href="\/locatie\/([a-z0-9-]+)"/g;

export async function measureScale(factor: number, opts: { env?: Record<string, string>; log?: (line: string) => void } = {}): Promise<ScaleRow> {
  requireBuild();
  const log = opts.log ?? (() => {});
  const content = mkdtempSync(path.join(tmpdir(), `joinus-content-${factor}x-`));
  writeScaledContent(factor, content);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const child = spawn(process.execPath, ['dist/server/index.cjs'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_ORIGIN: base,
      LOG_LEVEL: 'warn',
      RENDER_AHEAD: 'on',
      // One client walks every page: the per-client limit on cold renders is for crawlers that
      // should go through the proxy's cache, not for this measurement.
      RENDER_RATE_LIMIT: '0',
      CONTENT_SNAPSHOT_DIR: content,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'joinus-scale-data-')),
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  try {
    const readyz = async () => {
      const r = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
      return r && r.status === 200 ? ((await r.json()) as { renderingAhead?: boolean }) : null;
    };
    let state = await readyz();
    while (!state) {
      if (exited) throw new Error(`the site at ${factor}x exited during startup`);
      if (Date.now() - started > 600_000) throw new Error(`the site at ${factor}x was not ready after 600 s`);
      await new Promise((r) => setTimeout(r, 50));
      state = await readyz();
    }
    const readyMs = Date.now() - started;
    const rssAtReady = rssBytes(child.pid!);
    log(`${factor}x: ready after ${readyMs} ms`);
    while (state?.renderingAhead) {
      await new Promise((r) => setTimeout(r, 200));
      state = await readyz();
    }
    const allRenderedMs = Date.now() - started;
    const paths = await sitemapPaths(base);
    log(`${factor}x: ${paths.length} sitemap pages rendered ahead after ${allRenderedMs} ms; first pass`);
    const first = await crawl(base, paths);
    const before = await renderCacheCounts(base);
    log(`${factor}x: second pass`);
    const second = await crawl(base, paths);
    const after = await renderCacheCounts(base);
    const rssAfterCrawl = rssBytes(child.pid!);
    const failed = [...first, ...second].filter((p) => p.status !== 200).map((p) => `${p.status} ${p.path}`);
    const bySize = [...first].sort((a, b) => b.html - a.html);
    const size = async (p: string) => {
      const { body: _b, ...s } = await getPage(base, p);
      return s;
    };
    // Every group of every region, over the region page's page links (?pagina=2...).
    const districts: ScaleRow['districts'] = [];
    for (const [slug, groups] of groupsByDistrict(content)) {
      const seen = new Set<string>();
      for (let n = 1; n <= 1000; n++) {
        const page = await getPage(base, `/regio/${slug}${n > 1 ? `?pagina=${n}` : ''}`);
        const before = seen.size;
        for (const m of page.body.matchAll(GROUP_LINK)) seen.add(m[1]!);
        if (seen.size === before || !page.body.includes(`pagina=${n + 1}`)) break;
      }
      districts.push({ slug, shown: groups.filter((g) => seen.has(g)).length, has: groups.length });
    }
    return {
      factor,
      pages: paths.length,
      readyMs,
      allRenderedMs,
      rssAtReady,
      rssAfterCrawl,
      secondPassHits: (after.hits - before.hits) / paths.length,
      averageHtml: Math.round(first.reduce((s, p) => s + p.html, 0) / first.length),
      largest: bySize[0]!,
      largestGzip: [...first].sort((a, b) => b.gzip - a.gzip)[0]!,
      home: await size('/'),
      locations: await size('/locaties'),
      search: await size(SCALE_SEARCH),
      districts,
      failed,
    };
  } finally {
    child.kill('SIGKILL');
  }
}
