// The bytes of a page's first view, by kind, as a real Chromium loads them: `npm run bench`
// prints them, and the byte budgets (e2e/byte-budgets.spec.ts) hold them.
//
// One fresh browser context per measurement (nothing cached), the page opened at a phone's or a
// desktop's viewport and never scrolled, then left until the network is idle (no request for
// 500 ms after `load`): the document, its styles, scripts, fonts, the images Chromium chose to
// load, and whatever the scripts fetch on their own after hydration (prefetched Flight
// payloads, the build check). Lazy images count only when Chromium loads them unscrolled: it
// starts a `loading="lazy"` image that is within its load-in distance of the viewport (some
// hundreds of pixels below the fold), not one further down.
//
// Bytes are the response bodies as transferred (encoded: compressed where the server
// compresses), without headers. Chromium itself asks `gzip, deflate, br, zstd` even over plain
// http to 127.0.0.1, and the server then answers brotli; `acceptEncoding: 'gzip'` makes every
// request ask `gzip, deflate` instead, the unit the goals (HTML <= 12 KB gzip, JS <= 70
// KB gzip) and the wrk rows of `npm run bench` are stated in.
import { chromium, type Browser, type Request } from 'playwright-core';

/** Debian's Chromium, the browser visitors run: the byte budgets, `npm run bench` and
 * `npm run bench:lighthouse` measure with it. What a first view loads depends on the browser's
 * own heuristics (how far below the fold a lazy image starts), which differ in the headless shell. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Debian's Chromium headless shell (package chromium-headless-shell): the same Blink without the
 * browser's windowing layer, which Playwright itself runs headless tests in. The e2e tests and
 * the contract test's admin walk run in it: the e2e suite used half the CPU (Chromium's 870 s of
 * the suite's 1,050 s, measured per process, fell to about 390 s). */
export const HEADLESS_SHELL_PATH = process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
/** The flags every Chromium of the tests and benchmarks runs with: headless, no GPU, no
 * background traffic, and no name resolved but the local server's. */
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

/** A blog post with a cover image (content/snapshot/nl/blog-posts.json), no video: the page type
 * that carries a photo cover once editors upload one. */
export const BLOG_POST_WITH_COVER = '/blog/lotte-ik-dacht-dat-ik-de-enige-was';

/** The two first views measured: a 375 px phone (iPhone SE-sized, 2x pixels, touch) and a
 * 1280 px desktop. */
export const VIEWPORTS = {
  375: { viewport: { width: 375, height: 667 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  1280: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
} as const;
export type ViewportWidth = keyof typeof VIEWPORTS;

export const KINDS = ['html', 'css', 'js', 'images', 'fonts', 'other'] as const;
export type Kind = (typeof KINDS)[number];

export type FirstView = {
  url: string;
  width: ViewportWidth;
  /** Response body bytes as transferred, per kind. */
  bytes: Record<Kind, number>;
  /** Requests per kind. */
  requests: Record<Kind, number>;
  /** The content encodings the answers came in (`identity` for none), e.g. `br` or `gzip`. */
  encodings: string[];
  /** The Accept-Encoding the document request carried. */
  acceptEncoding: string;
  total: number;
};

/** Which lazy images Chromium starts depends on the connection it believes it has (its lazy-load
 * distance is longer on a slow one): measured as on 4G, whatever network the machine has (in the
 * e2e run's own network namespace, with a loopback only, Chromium took the connection for a slow
 * one and started two more photos on `/` and the blog post). */
const FIRST_VIEW_CONNECTION = '--force-effective-connection-type=4G';

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, FIRST_VIEW_CONNECTION] });
}

/** The kind of a request: by what Chromium loaded it as, else by the answer's content type. The
 * tab's icon (`<link rel="icon">`) is other, not one of the page's images. */
function kindOf(resourceType: string, contentType: string, isIcon: boolean): Kind {
  if (isIcon) return 'other';
  switch (resourceType) {
    case 'document': return 'html';
    case 'stylesheet': return 'css';
    case 'script': return 'js';
    case 'image': return 'images';
    case 'font': return 'fonts';
  }
  // An SVG sprite reached through <use href>, a CSS background, a preloaded script: by type.
  if (/^image\//.test(contentType)) return 'images';
  if (/^text\/css\b/.test(contentType)) return 'css';
  if (/javascript/.test(contentType)) return 'js';
  if (/^font\/|woff/.test(contentType)) return 'fonts';
  return 'other';
}

const zero = (): Record<Kind, number> => ({ html: 0, css: 0, js: 0, images: 0, fonts: 0, other: 0 });

/**
 * Opens `url` in a new context of `browser` at the viewport of `width`, unscrolled, and adds up
 * the response bytes of every request that finished once the network is idle. The document
 * must answer 200.
 */
export async function measureFirstView(browser: Browser, url: string, width: ViewportWidth, opts: { acceptEncoding?: 'gzip' } = {}): Promise<FirstView> {
  const context = await browser.newContext({
    ...VIEWPORTS[width],
    ...(opts.acceptEncoding === 'gzip' ? { extraHTTPHeaders: { 'Accept-Encoding': 'gzip, deflate' } } : {}),
  });
  try {
    const page = await context.newPage();
    const finished: Request[] = [];
    page.on('requestfinished', (request) => finished.push(request));
    const response = await page.goto(url, { waitUntil: 'load' });
    if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status() ?? 'nothing'}, not 200`);
    // Quiet for 500 ms; a page that never goes quiet is measured at 15 s.
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    const icons = new Set(await page.$$eval('link[rel~="icon"], link[rel="apple-touch-icon"]', (links) => links.map((l) => (l as HTMLLinkElement).href)));
    const bytes = zero();
    const requests = zero();
    const encodings = new Set<string>();
    for (const request of finished) {
      const answer = await request.response();
      if (!answer) continue;
      // A second use of an already loaded file (the icon sprite, when requests carry extra
      // headers) is answered from Chromium's memory cache: nothing crossed the wire, and
      // Chromium reports a negative size for it.
      const size = (await request.sizes()).responseBodySize;
      if (size < 0) continue;
      const headers = await answer.allHeaders();
      const kind = kindOf(request.resourceType(), headers['content-type'] ?? '', icons.has(request.url()));
      bytes[kind] += size;
      requests[kind] += 1;
      encodings.add(headers['content-encoding'] ?? 'identity');
    }
    const acceptEncoding = (await response.request().allHeaders())['accept-encoding'] ?? '';
    return { url, width, bytes, requests, encodings: [...encodings].sort(), acceptEncoding, total: KINDS.reduce((n, k) => n + bytes[k], 0) };
  } finally {
    await context.close();
  }
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
