// One row of `npm run bench:scale`: the built site started on content at `factor` times the
// embedded content (scripts/scale-content.ts), as an operator starts it (render-ahead on, the
// default memory bounds), then every sitemap page asked for twice, as a visitor's browser asks.
// The 10x test (test/scale-content/) asserts the budgets on the same figures.
//
// `via: 'content-service'` serves the same content through the test fake of the content service
// (Strapi's REST API, test/support/fake-content-service.ts) instead of as embedded content: the
// way production reads it, where every record a page shows is a cached answer of the content
// cache (CONTENT_CACHE_MB), and the last good copy of each is what pages render from in an
// outage. Then the service goes down and every page is rendered again (bench/scale-outage.ts).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../test/support/spawn-server';
import { requireBuild } from '../test/support/require-build';
import { writeScaledContent } from '../scripts/scale-content';
import { snapshotResponder, startFakeContentService } from '../test/support/fake-content-service';
import { outagePass, type OutageFigures } from './scale-outage';
import { contentCacheSize, crawl, getPage, groupsByDistrict, renderCacheCounts, rssBytes, sitemapPaths, type PageSize } from './scale-crawl';

export type ScaleSource = 'embedded' | 'content-service';

export type ScaleRow = {
  factor: number;
  via: ScaleSource;
  /** How many times as long as today's the menus are. */
  menus: number;
  /** The Dutch menus' entries, at every depth. */
  menuEntries: number;
  pages: number;
  /** From the process's start to the first /readyz 200. */
  readyMs: number;
  /** From the start to the end of the background render-ahead of the rest of the sitemap. */
  allRenderedMs: number;
  rssAtReady: number;
  rssAfterCrawl: number;
  /** The share of the second full pass answered from the render cache. */
  secondPassHits: number;
  /** How long each full pass took: a page is rendered again once its time is up (the content
   * cache's TTL, CONTENT_CACHE_TTL_MS), so passes longer than that find pages past their time. */
  passMs: [number, number];
  /** What the content cache held after both passes (its bytes as it counts them). */
  contentCache: { entries: number; bytes: number };
  averageHtml: number;
  largest: PageSize;
  largestGzip: PageSize;
  home: PageSize;
  locations: PageSize;
  search: PageSize;
  /** Per region: the groups its pages list (over all their page links) of those the content has. */
  districts: { slug: string; shown: number; has: number }[];
  failed: string[];
  /** Through the content service only: every page rendered again with the service down. */
  outage?: OutageFigures;
};

export type ScaleOptions = {
  env?: Record<string, string>;
  log?: (line: string) => void;
  /** Where the site reads the content: embedded (CONTENT_SNAPSHOT_DIR, the default) or the
   * content service (STRAPI_URL), which is then taken down for the outage pass. */
  via?: ScaleSource;
  /** The menus this many times as long (scripts/scale-content.ts); default 1. */
  menus?: number;
};

/** The documented bound on a replica's memory (README, "Memory"): CONTENT_CACHE_MB and
 * RENDER_CACHE_MB at their defaults plus what the process itself takes. */
export const RSS_BOUND = (256 + 192 + 200) * 1024 * 1024;

/** The search a visitor in Tiel (Rivierenland, the region with the most groups) makes. */
export const SCALE_SEARCH = '/locaties?age=16&postcode=4001+LK';

const GROUP_LINK = /href="\/locatie\/([a-z0-9-]+)"/g;

export async function measureScale(factor: number, opts: ScaleOptions = {}): Promise<ScaleRow> {
  requireBuild();
  const via = opts.via ?? 'embedded';
  const menus = opts.menus ?? 1;
  const name = `${factor}x${menus > 1 ? `, menus x${menus}` : ''}${via === 'content-service' ? ', content service' : ''}`;
  const log = (line: string) => opts.log?.(`${name}: ${line}`);
  const content = mkdtempSync(path.join(tmpdir(), `joinus-content-${factor}x-`));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'joinus-scale-data-'));
  const counts = writeScaledContent(factor, content, { menus });
  // The service answers from this process, as Strapi answers from its own: the site's RSS is the
  // site's alone. The webhook's secret lets the outage pass publish.
  const service = via === 'content-service' ? await startFakeContentService(snapshotResponder({}, { dir: content })) : undefined;
  const webhookSecret = randomBytes(16).toString('hex');
  const source: Record<string, string> = service ? { STRAPI_URL: service.url, STRAPI_WEBHOOK_SECRET: webhookSecret } : { CONTENT_SNAPSHOT_DIR: content };
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
      ...source,
      DATA_DIR: dataDir,
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
    log(`ready after ${readyMs} ms`);
    while (state?.renderingAhead) {
      await new Promise((r) => setTimeout(r, 200));
      state = await readyz();
    }
    const allRenderedMs = Date.now() - started;
    const paths = await sitemapPaths(base);
    log(`${paths.length} sitemap pages rendered ahead after ${allRenderedMs} ms; first pass`);
    const firstBegan = Date.now();
    const first = await crawl(base, paths);
    const before = await renderCacheCounts(base);
    const secondBegan = Date.now();
    log(`second pass (the first took ${secondBegan - firstBegan} ms)`);
    const second = await crawl(base, paths);
    const passMs: [number, number] = [secondBegan - firstBegan, Date.now() - secondBegan];
    const after = await renderCacheCounts(base);
    const rssAfterCrawl = rssBytes(child.pid!);
    const contentCache = await contentCacheSize(base);
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
    const sized = { home: await size('/'), locations: await size('/locaties'), search: await size(SCALE_SEARCH) };
    let outage: OutageFigures | undefined;
    if (service) {
      log('content service down, a release published: every page again');
      outage = await outagePass(base, second, service, webhookSecret);
    }
    return {
      factor,
      via,
      menus,
      menuEntries: counts['menu entries']!,
      pages: paths.length,
      readyMs,
      allRenderedMs,
      rssAtReady,
      rssAfterCrawl,
      secondPassHits: (after.hits - before.hits) / paths.length,
      passMs,
      contentCache,
      averageHtml: Math.round(first.reduce((s, p) => s + p.html, 0) / first.length),
      largest: bySize[0]!,
      largestGzip: [...first].sort((a, b) => b.gzip - a.gzip)[0]!,
      ...sized,
      districts,
      failed,
      ...(outage ? { outage } : {}),
    };
  } finally {
    child.kill('SIGKILL');
    await service?.down();
    // The content (a few MB at 50x) and the data folder are not left behind by every run.
    await new Promise((resolve) => (exited ? resolve(undefined) : child.once('exit', resolve)));
    for (const dir of [content, dataDir]) rmSync(dir, { recursive: true, force: true });
  }
}
