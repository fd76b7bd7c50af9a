// npm run bench: the production build under load, every figure side by side with a plain
// node:http server answering the same bytes from memory, in one run.
//
// What makes the figures mean something on a 2-core machine:
// - The server under test (and the plain one) runs pinned to core 0 (`taskset -c 0`), the load
//   generator to core 1, so they never share a core.
// - The load generator is wrk (C, one thread, Lua for per-request addresses), not a Node
//   client: a Node generator tops out far below what the plain server does and then measures
//   itself. `npm run bench` installs wrk with apt when it is missing and it runs as root.
// - Every request asks `Accept-Encoding: gzip`, as browsers do; the plain server sends the same
//   gzip bytes the site sent.
//
// Rows: cached pages (HTML and a Flight navigation: the gzip bytes a navigation to `/` and to
// `/over-ons` fetches), cold renders (the render cache bypassed by a new address per request) of
// `/`, `/over-ons`, `/locaties`, a blog post and a location page, new find-a-group searches, the cost of ever-new unknown query parameters (req/s and the
// server's memory after them), and the bytes a visitor downloads for `/`.
//
// Then the first view by kind: `/` (the photo hero and photo cards) and a blog post with a cover,
// opened unscrolled in Chromium at 375 px and at 1280 px (test/support/first-view-bytes.ts, which
// the byte budgets of e2e/byte-budgets.spec.ts share): HTML, CSS, JS, images, fonts and other
// bytes as transferred, once as Chromium asks (brotli from this server) and once asking gzip.
//
// BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 32) change the load.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort, spawnServer } from '../test/support/spawn-server';
import { BLOG_POST_WITH_COVER, KINDS, launchChromium, measureFirstView, type FirstView } from '../test/support/first-view-bytes';
import { pageScripts } from '../test/support/page-scripts';
import { ensureWrk, LOAD_CORE, SERVER_CORE, uniqueAddresses, wrk as wrkRun, type Load } from '../test/support/wrk';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const wrk = (bin: string, url: string, opts: { script?: string } = {}) => wrkRun(bin, url, { connections: CONNECTIONS, seconds: SECONDS, ...opts });

/** The site on SERVER_CORE, once its startup renders are done (render-ahead on, as in
 * production: the memory figures are those of a server holding every sitemap page). Production
 * logs every request at info level; the bench pays that cost too. The cold rows are one client
 * asking for render after render, and measure what a render costs: the per-client render limit
 * is off, and the render budget may take the whole core (RENDERS_SHARE 1; production keeps half
 * of it for cached answers, which halves these rows there by design). */
async function startSite(): Promise<{ url: string; child: ChildProcess; stop: () => void }> {
  const env = { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', RENDER_RATE_LIMIT: '0', RENDERS_SHARE: '1', RENDER_AHEAD: 'on', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-data-')) };
  const { child, url } = await spawnServer(env, { core: SERVER_CORE });
  return { url, child, stop: () => child.kill('SIGTERM') };
}

/** An answer as the site sent it: its headers (but those node:http adds itself) and its body. */
type Body = { type: string; encoding: string | null; headers: string[]; body: Buffer };

/** The plain server: node:http answering each path with the stored bytes, on the same core;
 * with `sameHeaders`, also with the headers the site sent (its security headers, ETag, Vary...),
 * which node:http checks and writes on every answer too. */
async function startPlain(bodies: Map<string, Body>, sameHeaders: boolean): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-plain-'));
  const entries = [...bodies].map(([p, b]) => [p, { type: b.type, encoding: b.encoding, headers: sameHeaders ? b.headers : null, body: b.body.toString('base64') }]);
  writeFileSync(path.join(dir, 'bodies.json'), JSON.stringify(entries));
  const source = `
    const { createServer } = require('node:http');
    const map = new Map(require(${JSON.stringify(path.join(dir, 'bodies.json'))}).map(([p, b]) => [p, { ...b, body: Buffer.from(b.body, 'base64') }]));
    createServer((req, res) => {
      const hit = map.get(req.url) ?? map.get(req.url.split('?')[0]);
      if (!hit) return void res.writeHead(404).end();
      if (hit.headers) return void res.writeHead(200, hit.headers).end(hit.body);
      const headers = { 'Content-Type': hit.type, 'Content-Length': hit.body.length };
      if (hit.encoding) headers['Content-Encoding'] = hit.encoding;
      res.writeHead(200, headers);
      res.end(hit.body);
    }).listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  const file = path.join(dir, 'plain.cjs');
  writeFileSync(file, source);
  const child = spawn('taskset', ['-c', SERVER_CORE, process.execPath, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

async function fetchBody(url: string, encoding: 'gzip' | 'identity'): Promise<Body> {
  // undici decompresses on its own; node:http hands over the bytes as sent.
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'Accept-Encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        if ((res.statusCode ?? 500) >= 400) return reject(new Error(`${url} answered ${res.statusCode}`));
        const headers: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (!/^(date|connection|keep-alive|transfer-encoding)$/i.test(res.rawHeaders[i]!)) headers.push(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        }
        resolve({ type: String(res.headers['content-type'] ?? ''), encoding: (res.headers['content-encoding'] as string | undefined) ?? null, headers, body: Buffer.concat(chunks) });
      });
    })
      .on('error', reject)
      .end();
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A location's page of the embedded content (a group's own page: its details, map and sign-up). */
const LOCATION_PAGE = '/locatie/tiel-12-16';

/** Lua: `/locaties?age=..&postcode=..` with a postcode (1000AA to 9999ZZ) and an age (12 to 30)
 * that make a search no request before made: every one a render and a content-service search. */
const NEW_SEARCHES = `counter = 0
request = function()
  counter = counter + 1
  local digits = 1000 + counter % 9000
  local pair = math.floor(counter / 9000)
  local letters = string.char(65 + pair % 26, 65 + math.floor(pair / 26) % 26)
  return wrk.format(nil, "/locaties?age=" .. (12 + counter % 19) .. "&postcode=" .. digits .. letters)
end
`;

/** The first views of `/` and the blog post at 375 and 1280 px, as Chromium asks and asking gzip. */
async function firstViews(siteUrl: string): Promise<Array<{ encoding: string; views: FirstView[] }>> {
  const browser = await launchChromium();
  try {
    const out: Array<{ encoding: string; views: FirstView[] }> = [];
    for (const acceptEncoding of [undefined, 'gzip'] as const) {
      const views: FirstView[] = [];
      for (const page of ['/', BLOG_POST_WITH_COVER]) {
        for (const width of [375, 1280] as const) views.push(await measureFirstView(browser, siteUrl + page, width, { acceptEncoding }));
      }
      out.push({ encoding: acceptEncoding ?? 'chromium', views });
    }
    return out;
  } finally {
    await browser.close();
  }
}

function printFirstViews(tables: Array<{ encoding: string; views: FirstView[] }>): void {
  const k = (bytes: number) => (bytes / 1024).toFixed(1);
  for (const { encoding, views } of tables) {
    const asked = views[0]!.acceptEncoding;
    const answered = [...new Set(views.flatMap((v) => v.encodings))].join(', ');
    console.log(`\nFirst view in Chromium, unscrolled, KB as transferred (Accept-Encoding: ${asked}${encoding === 'chromium' ? ', as Chromium sends it' : ''}; answered ${answered}):`);
    console.log('page'.padEnd(44), 'width'.padStart(6), ...KINDS.map((kind) => kind.padStart(8)), 'total'.padStart(8), 'requests'.padStart(9));
    for (const v of views) {
      const requests = KINDS.reduce((n, kind) => n + v.requests[kind], 0);
      console.log(new URL(v.url).pathname.padEnd(44), `${v.width}`.padStart(6), ...KINDS.map((kind) => k(v.bytes[kind]).padStart(8)), k(v.total).padStart(8), String(requests).padStart(9));
    }
  }
}

async function main() {
  const bin = ensureWrk();
  const site = await startSite();
  try {
    const cachedPaths = ['/', '/?_rsc=1', '/over-ons', '/over-ons?_rsc=1', '/locaties'];
    const bodies = new Map<string, Body>();
    for (const p of cachedPaths) {
      await fetchBody(site.url + p, 'gzip'); // first render fills the render cache
      // Sent again, a page is compressed anew at the kept level (server/pages/render-cache.ts): the
      // bytes every later visitor gets.
      await fetchBody(site.url + p, 'gzip');
      await new Promise((resolve) => setTimeout(resolve, 200));
      bodies.set(p, await fetchBody(site.url + p, 'gzip'));
    }
    const plain = await startPlain(bodies, false);
    const plainSame = await startPlain(bodies, true);
    const rows: Array<{ what: string; bytes: number; site: Load; plain: Load | null; plainSame?: Load }> = [];
    for (const p of cachedPaths) {
      rows.push({ what: `cached ${p}`, bytes: bodies.get(p)!.body.length, site: await wrk(bin, site.url + p), plain: await wrk(bin, plain.url + p), plainSame: await wrk(bin, plainSame.url + p) });
    }
    plain.stop();
    plainSame.stop();

    // Cold renders: a new value of a parameter that is part of the cache key (`verzonden`, a
    // form's success state, which these pages show nothing for) per request, so none is in the
    // render cache. Unknown parameters cannot do that: they are dropped (the utm_source row).
    for (const p of ['/', '/over-ons', '/locaties', BLOG_POST_WITH_COVER, LOCATION_PAGE]) {
      rows.push({ what: `cold ${p}`, bytes: NaN, site: await wrk(bin, site.url, { script: uniqueAddresses(`${p}?verzonden=n`) }), plain: null });
    }
    // A new find-a-group search per request: an age and a postcode no request before asked for.
    rows.push({ what: 'new search /locaties', bytes: NaN, site: await wrk(bin, site.url, { script: NEW_SEARCHES }), plain: null });
    const rssBefore = rssMb(site.child.pid!);
    const utm = await wrk(bin, site.url, { script: uniqueAddresses('/?utm_source=') });
    const rssAfter = rssMb(site.child.pid!);
    rows.push({ what: '/?utm_source=<new>', bytes: NaN, site: utm, plain: null });

    console.log(`\nserver on core ${SERVER_CORE}, wrk on core ${LOAD_CORE}: 1 thread, ${CONNECTIONS} connections, ${SECONDS} s per row, Accept-Encoding: gzip; node ${process.version}\n`);
    console.log('what'.padEnd(52), 'gzip bytes'.padStart(10), 'site req/s'.padStart(11), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'plain req/s'.padStart(12), 'ratio'.padStart(7), 'plain+hdrs'.padStart(11), 'ratio'.padStart(7));
    for (const r of rows) {
      console.log(
        r.what.padEnd(52),
        (Number.isNaN(r.bytes) ? '' : String(r.bytes)).padStart(10),
        r.site.rps.toFixed(0).padStart(11),
        r.site.p50.toFixed(2).padStart(8),
        r.site.p99.toFixed(2).padStart(8),
        (r.plain ? r.plain.rps.toFixed(0) : '').padStart(12),
        (r.plain ? (r.site.rps / r.plain.rps).toFixed(3) : '').padStart(7),
        (r.plainSame ? r.plainSame.rps.toFixed(0) : '').padStart(11),
        (r.plainSame ? (r.site.rps / r.plainSame.rps).toFixed(3) : '').padStart(7),
        r.site.errors ? ` (${r.site.errors} errors)` : '',
      );
    }
    console.log(`\nRSS of the site: ${rssBefore.toFixed(0)} MB before the utm_source row, ${rssAfter.toFixed(0)} MB after ${Math.round(utm.rps * SECONDS)} new addresses`);

    // What a visitor downloads for `/`: the HTML (and the Flight payload inside it) and the scripts.
    const html = (await fetchBody(`${site.url}/`, 'identity')).body.toString('utf8');
    const flight = [...html.matchAll(/<script[^>]*\bdata-rsc\b[^>]*>([\s\S]*?)<\/script>/g)].reduce((n, m) => n + Buffer.byteLength(m[1]!), 0);
    // Drawings in the page itself; an <svg> that only points into the sprite file is not one.
    const inlineSvg = [...html.matchAll(/<svg[\s\S]*?<\/svg>/g)].filter((m) => !/^<svg[^>]*>\s*<use\b[^>]*>\s*(<\/use>)?\s*<\/svg>$/.test(m[0]));
    const scripts = pageScripts(html);
    let jsGzip = 0;
    for (const src of scripts) jsGzip += (await fetchBody(new URL(src, site.url).href, 'gzip')).body.length;
    console.log(
      `\n/ HTML: ${kb(Buffer.byteLength(html))} raw, ${kb(gzipSync(html).length)} gzip; inline Flight payload ${kb(flight)} (${((100 * flight) / Buffer.byteLength(html)).toFixed(0)}% of the HTML); ` +
        `${inlineSvg.length} inline SVG drawings (${kb(inlineSvg.reduce((n, m) => n + m[0].length, 0))}) in the HTML (sprite references not counted)`,
    );
    console.log(`/ JavaScript: ${scripts.length} script(s) named by the page, loaded after its load event, ${kb(jsGzip)} gzip (the first view below adds the chunks the payload asks for)`);

    printFirstViews(await firstViews(site.url));
    console.log('\nratio = site req/s / plain node:http req/s serving the same gzip bytes from memory on the same core; plain+hdrs: the plain server');
    console.log('  sending the headers the site sent too (security headers, ETag, Vary, X-Request-Id: the whole answer, 1.6 KB of headers on /)');
    console.log(
      'first view = what Chromium loads for the page unscrolled until the network is idle (375 px: 375 x 667 at 2x, touch; 1280 px: 1280 x 800),\n' +
        '  response bodies as transferred, without headers (test/support/first-view-bytes.ts); images: those Chromium starts, lazy ones within its\n' +
        '  load-in distance of the viewport included, and the SVG icon sprite; other: the Flight payloads the router prefetches for links in view,\n' +
        '  the build check and the tab icon. e2e/byte-budgets.spec.ts holds HTML, JS (gzip) and images of each page type under test/support/byte-budgets.ts',
    );
  } finally {
    site.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
