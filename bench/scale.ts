// npm run bench:scale: the site on its embedded content at 1x, 10x and 50x (BENCH_SCALE_FACTORS,
// comma-separated), each started as an operator starts it and every sitemap page asked for
// twice; prints the table of the content-at-scale issue. The budgets it is held to are asserted
// at 10x by test/scale-content/ten-times.test.ts.
import { measureScale, SCALE_SEARCH, type ScaleRow } from './scale-measure';
import type { PageSize } from './scale-crawl';

const factors = (process.env.BENCH_SCALE_FACTORS ?? '1,10,50').split(',').map(Number);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
const sized = (p: PageSize) => `${kb(p.html)} (${kb(p.gzip)} gzip)`;

const rows: ScaleRow[] = [];
for (const factor of factors) rows.push(await measureScale(factor, { log: (line) => console.error(line) }));

const table: [string, (r: ScaleRow) => string][] = [
  ['sitemap pages', (r) => String(r.pages)],
  ['start to /readyz 200', (r) => `${(r.readyMs / 1000).toFixed(1)} s`],
  ['start to every page rendered ahead (background)', (r) => `${(r.allRenderedMs / 1000).toFixed(1)} s`],
  ['RSS at ready', (r) => mb(r.rssAtReady)],
  ['RSS after two full passes', (r) => mb(r.rssAfterCrawl)],
  ['render-cache hits, second full pass', (r) => `${Math.round(r.secondPassHits * 100)}%`],
  ['average page HTML', (r) => kb(r.averageHtml)],
  ['largest page HTML', (r) => `${sized(r.largest)} ${r.largest.path}`],
  ['largest page gzip', (r) => `${kb(r.largestGzip.gzip)} ${r.largestGzip.path}`],
  ['`/` HTML', (r) => sized(r.home)],
  ['`/locaties` HTML', (r) => sized(r.locations)],
  [`search \`${SCALE_SEARCH}\``, (r) => sized(r.search)],
  ['region pages: groups listed of those it has', (r) => r.districts.map((d) => `${d.shown}/${d.has}`).join(', ')],
  ['answers other than 200', (r) => (r.failed.length === 0 ? 'none' : `${r.failed.length}: ${r.failed.slice(0, 3).join(', ')}`)],
];
console.log(`| what | ${rows.map((r) => `${r.factor}x`).join(' | ')} |`);
console.log(`|---|${rows.map(() => '---').join('|')}|`);
for (const [name, cell] of table) console.log(`| ${name} | ${rows.map(cell).join(' | ')} |`);
