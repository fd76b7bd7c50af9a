// What `npm run bench:scale` and the 10x test measure on a running site: every sitemap page asked
// for as a visitor's browser asks (gzip), its HTML and gzip bytes, the render cache's hits from the
// site's own /metrics, and the groups a district page shows of those its content has.
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

export type PageSize = { path: string; status: number; html: number; gzip: number };

/** One page as a browser asks for it: its status and its bytes, compressed and not. */
export function getPage(base: string, path: string): Promise<PageSize & { body: string }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'gzip', accept: 'text/html' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ path, status: res.statusCode ?? 0, html: body.length, gzip: raw.length, body: body.toString('utf8') });
      });
      res.on('error', reject);
    });
    req.setTimeout(60_000, () => req.destroy(new Error(`${path}: no answer in 60 s`)));
    req.on('error', reject);
    req.end();
  });
}

/** The paths of every page the sitemap lists. */
export async function sitemapPaths(base: string): Promise<string[]> {
  const xml = await (await fetch(new URL('/sitemap.xml', base))).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname + new URL(m[1]!).search);
}

/** A reader of the site's /metrics now (asked from loopback): the sum of a series over its labels. */
async function metrics(base: string): Promise<(name: string) => number> {
  const text = await (await fetch(new URL('/metrics', base))).text();
  return (name) => [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+(?:\\.\\d+)?(?:e\\+\\d+)?)$`, 'gm'))].reduce((a, m) => a + Number(m[1]), 0);
}

/** The render cache's hits and misses so far. */
export async function renderCacheCounts(base: string): Promise<{ hits: number; misses: number }> {
  const sum = await metrics(base);
  return { hits: sum('joinus_render_cache_hits_total'), misses: sum('joinus_render_cache_misses_total') };
}

/** What the content cache holds now: its answers, and their size as it counts it against
 * CONTENT_CACHE_MB (JSON characters). */
export async function contentCacheSize(base: string): Promise<{ entries: number; bytes: number }> {
  const value = await metrics(base);
  return { entries: value('joinus_content_cache_entries'), bytes: value('joinus_content_cache_bytes') };
}

/** Every path asked for once, `concurrency` at a time, in order; the sizes of each. */
export async function crawl(base: string, paths: string[], concurrency = 2): Promise<PageSize[]> {
  const out: PageSize[] = new Array(paths.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < paths.length) {
        const i = next++;
        const { body: _body, ...size } = await getPage(base, paths[i]!);
        out[i] = size;
      }
    }),
  );
  return out;
}

/** The resident memory of a process, in bytes (Linux). */
export function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/** The groups each district has in the content at `snapshotDir` (Dutch): district slug → group slugs. */
export function groupsByDistrict(snapshotDir: string): Map<string, string[]> {
  const locations = JSON.parse(readFileSync(`${snapshotDir}/nl/locations.json`, 'utf8')) as { slug: string; district?: { slug?: string } | null }[];
  const out = new Map<string, string[]>();
  for (const l of locations) {
    const d = l.district?.slug;
    if (!d) continue;
    out.set(d, [...(out.get(d) ?? []), l.slug]);
  }
  return out;
}
