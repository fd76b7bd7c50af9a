// npm run bench:render: what one cold render of a page costs, phase by phase, in this process
// (the production build, embedded content, the content cache warm): resolving the page (its
// loaders), the RSC render of its Flight payload, the HTML from it with each of React's two
// server renderers (renderToString once the payload is decoded, renderToPipeableStream until all
// is ready), joining the kept layout, and compressing the answer at each level a cold answer could
// use. Beside it, the same page rendered whole (its layout inline, as every page was before the
// layout was kept). The figures behind docs/decisions/012-layout-rendered-once.md.
//
// Run it alone on a quiet machine: `taskset -c 0 npm run bench:render`. BENCH_ROUNDS (default 200)
// renders per figure; the median is printed, in milliseconds.
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { renderPageHtml, type SsrApi } from '../src/framework/entry.ssr';
import { collect } from '../server/pages/kept-layouts';
import { createRenderPage } from '../server/pages/render-page';
import { testApp } from '../test/support/test-app';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const PAGES = ['/', '/over-ons', '/locaties', '/blog/lotte-ik-dacht-dat-ik-de-enige-was', '/locatie/tiel-12-16'];

async function median(run: () => Promise<unknown> | unknown): Promise<number> {
  for (let i = 0; i < 10; i += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const site = testApp();
const renderPage = createRenderPage({ rsc: site.rsc, build: site.build });
const ssr = (api: SsrApi) => ({ ssrManifest: site.build.ssrManifest, api });
const f = (ms: number) => ms.toFixed(2).padStart(8);

console.log(`${ROUNDS} rounds per figure, median ms; node ${process.version}`);
console.log(['page'.padEnd(44), 'resolve', '    rsc', ' string', ' stream', '   join', 'gzip 6', 'gzip 4', '  br 4', '  br 6', ' kept', ' whole', ' KB', 'whole KB'].join(' '));
for (const path of PAGES) {
  const resolution = await site.rsc.resolve(path, {});
  if (resolution.kind !== 'page') throw new Error(`${path}: ${resolution.kind}`);
  const layout = await renderPage.layouts.get(site.rsc, resolution.layout);
  const slot = { id: layout.address };
  const flight = await collect(site.rsc.render(resolution, slot));
  const kept = await renderPage({ resolution, wantsFlight: false });
  const whole = await renderPage({ resolution, wantsFlight: false, from: site.rsc });
  const body = kept.body;
  const row = [
    await median(() => site.rsc.resolve(path, {})),
    await median(async () => collect(site.rsc.render(resolution, slot))),
    await median(() => renderPageHtml(flight, ssr('string'))),
    await median(() => renderPageHtml(flight, ssr('stream'))),
    await median(() => renderPage.layouts.html(layout, resolution.links.current)),
    await median(() => gzipSync(body, { level: 6 })),
    await median(() => gzipSync(body, { level: 4 })),
    await median(() => brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })),
    await median(() => brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })),
    await median(async () => renderPage({ resolution: (await site.rsc.resolve(path, {})) as typeof resolution, wantsFlight: false })),
    await median(async () => renderPage({ resolution: (await site.rsc.resolve(path, {})) as typeof resolution, wantsFlight: false, from: site.rsc })),
  ];
  console.log([path.padEnd(44), ...row.map(f), (body.length / 1024).toFixed(1).padStart(5), (whole.body.length / 1024).toFixed(1).padStart(8)].join(' '));
}
const sizes = (body: Buffer) => `gzip 6 ${gzipSync(body, { level: 6 }).length} B, gzip 4 ${gzipSync(body, { level: 4 }).length} B, br 4 ${brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }).length} B, br 6 ${brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } }).length} B`;
const home = await site.rsc.resolve('/', {});
if (home.kind === 'page') console.log(`/ compressed: ${sizes((await renderPage({ resolution: home, wantsFlight: false })).body)}`);
process.exit(0);
