// The marks a server render leaves where the kept layout and the page's own part meet
// (docs/decisions/012-layout-rendered-once.md). Plain strings, so the server joins the two
// renders by finding them; neither ever reaches a visitor.

/** Rendered by the layout, alone, where the page goes (inside <main>). */
export const PAGE_MARK_ATTRIBUTE = 'data-joinus-page';
export const PAGE_MARK = `<template ${PAGE_MARK_ATTRIBUTE}=""></template>`;

/** Rendered by the page, alone, around its own part (where the layout goes around it). */
export const PART_START_ATTRIBUTE = 'data-joinus-part-start';
export const PART_END_ATTRIBUTE = 'data-joinus-part-end';
export const PART_START = `<template ${PART_START_ATTRIBUTE}=""></template>`;
export const PART_END = `<template ${PART_END_ATTRIBUTE}=""></template>`;

/** The per-page links of the layout, as the layout's kept HTML carries them: replaced by the
 * page's own when the two are joined. Characters React's attribute escaping leaves alone. */
export const HREF_MARKS = { own: '/__joinus-own-language__', other: '/__joinus-other-language__' } as const;

/** A path as the menus compare it: no query or fragment, no trailing slash (but `/` itself). */
export function comparablePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? path;
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
}
