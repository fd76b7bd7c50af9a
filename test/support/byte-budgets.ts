// Byte budgets: the most a page type may cost a visitor, in one table. Two tests hold it:
// - test/build/byte-budgets.test.ts: each page's document (gzip level 9, as the build
//   precompresses), no browser needed, so every unit run sees a heavier page;
// - e2e/byte-budgets.spec.ts: each page type's first view in Chromium at 375 and 1280 px,
//   measured as `npm run bench` measures it (test/support/first-view-bytes.ts): the document
//   and every script loaded until the network is idle (gzip), and the images Chromium loads
//   unscrolled (lazy ones within its load-in distance, and the SVG icon sprite), as transferred.
// KB = 1024 bytes.
//
// Where the numbers come from: the build of 2026-11-25 with the photographs (AVIF and JPEG
// copies), the Flight payload fetched by id after load (docs/decisions/008) and the cookie
// banner in every document (shown before first paint, about 0.6 KB), measured, plus
// about 10% for HTML and images and about 5% for scripts (their size changes only with code),
// rounded up to 0.1 KB; never above issue 24's goals where a goal is met (`/`: HTML <= 12 KB,
// first-view images at 375 px <= 120 KB). The scripts meet the goal of 70 KB as browsers get
// them (brotli, HOME_SCRIPTS_BROTLI_KB below), not under gzip, where React 19.3.1 alone is above
// it (decision 008). A change that makes a page lighter lowers its numbers here.
import { BLOG_POST_WITH_COVER, type ViewportWidth } from './first-view-bytes';

export type Budget = {
  /** A page of the type. */
  path: string;
  /** The document, gzip, KB. */
  html: number;
  /** All scripts, gzip, KB. */
  js: number;
  /** First-view images at each width, KB. */
  images: Record<ViewportWidth, number>;
};

export const BUDGETS: Record<string, Budget> = {
  home: {
    path: '/',
    html: 11.5, // measured 10.4 KB (goal 12 KB)
    js: 83.6, // measured 79.6 KB, 2 scripts (goal 70 KB: below React's own weight)
    images: {
      375: 64.3, // measured 58.4 KB: the hero photo, two photo cards (goal 120 KB)
      1280: 36.0, // measured 32.7 KB
    },
  },
  blogPost: {
    path: BLOG_POST_WITH_COVER,
    html: 6.5, // measured 5.9 KB
    js: 83.2, // measured 79.2 KB
    images: {
      375: 104.5, // measured 95.0 KB: the cover and the related posts' covers within load-in distance
      1280: 99.5, // measured 90.4 KB: the 800 px cover (shown 704 px wide), related covers
    },
  },
  findGroup: {
    path: '/locaties',
    html: 9.1, // measured 8.2 KB
    js: 91.1, // measured 86.7 KB (the search form's client components)
    images: { 375: 4.8, 1280: 4.8 }, // measured 4.3 KB (the icon sprite)
  },
  contentPage: {
    path: '/over-ons',
    html: 5.8, // measured 5.2 KB
    js: 83.2, // measured 79.2 KB
    images: { 375: 6.1, 1280: 6.1 }, // measured 5.5 KB
  },
  form: {
    path: '/contact',
    html: 6.2, // measured 5.6 KB
    js: 90.8, // measured 86.4 KB
    images: { 375: 4.8, 1280: 4.8 }, // measured 4.3 KB (the icon sprite)
  },
  lonelinessTest: {
    path: '/doe-de-test/start',
    html: 3.8, // measured 3.4 KB
    js: 91.5, // measured 87.1 KB
    images: { 375: 4.8, 1280: 4.8 }, // measured 4.3 KB (the icon sprite)
  },
};

/** Pages whose document alone is held (gzip KB, same rule), by test/build/byte-budgets.test.ts. */
export const HTML_BUDGETS: Record<string, number> = {
  '/blog': 6.4, // measured 5.8 KB
  '/blog/nieuwe-groep-in-geldermalsen': 6.4, // measured 5.8 KB
  '/locatie/tiel-12-16': 5.8, // measured 5.2 KB
  '/doneren': 6.4, // measured 5.8 KB
};

/** The scripts of `/` as browsers receive them: Chromium, Firefox and Safari ask for brotli, and
 * the build precompresses it (quality 11). This is where issue 24's 70 KB goal is met: under gzip
 * the floor is above it (react-dom-client 19.3.1 and React's Flight client alone, minified with
 * top-level mangling, are 63.1 + 8.0 KB gzip; docs/decisions/008). */
export const HOME_SCRIPTS_BROTLI_KB = 70; // measured 67.8 KB
