// Byte budgets: the most a page type's first view may cost, held by e2e/byte-budgets.spec.ts.
// KB = 1024 bytes, response bodies as transferred, measured by test/support/first-view-bytes.ts
// (the same module `npm run bench` prints its first-view table with):
// - html: the document, asking `Accept-Encoding: gzip, deflate` (gzip: the unit of issue 24's goals);
// - js: every script the page loads until the network is idle, gzip likewise;
// - images: the images Chromium loads unscrolled at that width (lazy ones within its load-in
//   distance of the viewport, and the SVG icon sprite, included), as transferred.
// The same HTML and JS budget holds at both widths; images have one per width.
//
// Where a number comes from: "measured" is the build of 2026-11-25 (commit 4f89cbe, SVG drawings
// only, no photographs yet) plus about 10%, rounded up to 0.1 KB; "goal" is issue 24's goal,
// used where that build already meets it. Photographs (a photo home hero, blog covers) and a
// lighter HTML and JS are landing: whoever lands them re-sets the numbers they move, here and
// nowhere else.
import { BLOG_POST_WITH_COVER, type ViewportWidth } from '../test/support/first-view-bytes';

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
    html: 21.7, // measured 19.7 KB; goal 12 KB not met yet
    js: 90.4, // measured 82.2 KB; goal 70 KB not met yet
    images: {
      375: 120, // goal: <= 120 KB for the first view at 375 px with a photo hero and photo cards (measured 7.4 KB, SVG drawings)
      1280: 8.2, // measured 7.4 KB (SVG drawings); no goal stated for 1280 px
    },
  },
  blogPost: {
    path: BLOG_POST_WITH_COVER,
    html: 10.5, // measured 9.5 KB
    js: 90.0, // measured 81.8 KB; goal 70 KB not met yet
    images: {
      375: 5.7, // measured 5.1 KB (an SVG cover)
      1280: 5.7, // measured 5.1 KB (an SVG cover)
    },
  },
  findGroup: {
    path: '/locaties',
    html: 18.2, // measured 16.5 KB
    js: 98.3, // measured 89.3 KB; goal 70 KB not met yet
    images: {
      375: 4.8, // measured 4.3 KB (the icon sprite)
      1280: 4.8, // measured 4.3 KB (the icon sprite)
    },
  },
  contentPage: {
    path: '/over-ons',
    html: 10.4, // measured 9.4 KB
    js: 90.0, // measured 81.8 KB; goal 70 KB not met yet
    images: {
      375: 6.1, // measured 5.5 KB
      1280: 6.1, // measured 5.5 KB
    },
  },
  lonelinessTest: {
    path: '/doe-de-test/start',
    html: 7.5, // measured 6.7 KB
    js: 95.6, // measured 86.9 KB; goal 70 KB not met yet
    images: {
      375: 4.8, // measured 4.3 KB (the icon sprite)
      1280: 4.8, // measured 4.3 KB (the icon sprite)
    },
  },
};
