// npm run bench:scale: the site on its embedded content at 1x, 10x and 50x (BENCH_SCALE_FACTORS,
// comma-separated), each started as an operator starts it and every sitemap page asked for
// twice; prints the table of the content-at-scale issue. Each factor is measured twice: with the
// content embedded, and read through the content service (the test fake of Strapi's REST API),
// which is then taken down and every page rendered again. The largest factor once more through the
// content service with the menus BENCH_SCALE_MENUS (10) times as long: the memory bound holds
// with an editor's long menus too (1 leaves that column out). The budgets it is held to are
// asserted at 10x by test/scale-content/.
import { measureScale, RSS_BOUND, SCALE_SEARCH, type ScaleRow } from './scale-measure';
import type { PageSize } from './scale-crawl';

const factors = (process.env.BENCH_SCALE_FACTORS ?? '1,10,50').split(',').map(Number);
const menus = Number(process.env.BENCH_SCALE_MENUS ?? 10);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
const sized = (p: PageSize) => `${kb(p.html)} (${kb(p.gzip)} gzip)`;
const log = (line: string) => console.error(line);

const rows: ScaleRow[] = [];
for (const factor of factors) {
  rows.push(await measureScale(factor, { log }));
  rows.push(await measureScale(factor, { log, via: 'content-service' }));
}
if (menus > 1) rows.push(await measureScale(Math.max(...factors), { log, via: 'content-service', menus }));

const failures = (failed: string[]) => (failed.length === 0 ? 'none' : `${failed.length}: ${failed.slice(0, 3).join(', ')}`);
const table: [string, (r: ScaleRow) => string][] = [
  ['menu entries (Dutch, every depth)', (r) => String(r.menuEntries)],
  ['sitemap pages', (r) => String(r.pages)],
  ['start to /readyz 200', (r) => `${(r.readyMs / 1000).toFixed(1)} s`],
  ['start to every page rendered ahead (background)', (r) => `${(r.allRenderedMs / 1000).toFixed(1)} s`],
  ['RSS at ready', (r) => mb(r.rssAtReady)],
  [`RSS after two full passes (documented bound ${mb(RSS_BOUND)})`, (r) => mb(r.rssAfterCrawl)],
  ['render-cache hits, second full pass', (r) => `${Math.round(r.secondPassHits * 100)}%`],
  ['first and second full pass took', (r) => r.passMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')],
  ['content cache after both passes (bound CONTENT_CACHE_MB 256)', (r) => `${r.contentCache.entries} answers, ${mb(r.contentCache.bytes)}`],
  ['average page HTML', (r) => kb(r.averageHtml)],
  ['largest page HTML', (r) => `${sized(r.largest)} ${r.largest.path}`],
  ['largest page gzip', (r) => `${kb(r.largestGzip.gzip)} ${r.largestGzip.path}`],
  ['`/` HTML', (r) => sized(r.home)],
  ['`/locaties` HTML', (r) => sized(r.locations)],
  [`search \`${SCALE_SEARCH}\``, (r) => sized(r.search)],
  ['region pages: groups listed of those it has', (r) => r.districts.map((d) => `${d.shown}/${d.has}`).join(', ')],
  ['answers other than 200', (r) => failures(r.failed)],
  ['content service down, a release published: pages rendered again', (r) => (r.outage ? `${r.outage.rendered} of ${r.outage.asked}` : '')],
  ['the same: answers other than 200', (r) => (r.outage ? failures(r.outage.failed) : '')],
];
const column = (r: ScaleRow) => `${r.factor}x${r.menus > 1 ? `, menus x${r.menus}` : ''}, ${r.via === 'embedded' ? 'embedded' : 'content service'}`;
console.log(`| what | ${rows.map(column).join(' | ')} |`);
console.log(`|---|${rows.map(() => '---').join('|')}|`);
for (const [name, cell] of table) console.log(`| ${name} | ${rows.map(cell).join(' | ')} |`);
