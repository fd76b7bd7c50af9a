'use client';
// The frame a page sits in: the layout (header, footer, banner) around the page's own part.
// The server renders the layout once per locale and content version and keeps it, as Flight and
// as HTML; a page's own render names it by id (`layoutId`) and the browser keeps it by that id, so
// a navigation fetches the page's part alone and the layout's elements (and its client state) stay
// (docs/decisions/012-layout-rendered-once.md). A page rendered for one request only (the editor
// preview) carries its layout inline (`layout`).
//
// What in the layout follows the page (the current menu item, the language links, a path the
// colour mode and the mobile menu watch) is read from the frame's context (`usePageLinks`), never
// rendered into the kept layout's elements.
import { createContext, use, type ReactNode } from 'react';
import { PART_END_ATTRIBUTE, PART_START_ATTRIBUTE } from '../routing/layout-slots';

/** What in the layout follows the page. */
export type PageLinks = {
  /** The page's path as requested (with the /en prefix). */
  current: string;
  /** The language links: this page in its own language (with its query) and in the other one
   * (a language choice, `?taal=`). */
  own: string;
  other: string;
};

/** The layouts the browser holds, by id: the element tree, or a promise while it is fetched. */
export type KeptLayoutSource = { get(id: string): ReactNode | Promise<ReactNode> };

export const KeptLayouts = createContext<KeptLayoutSource | null>(null);

type Frame = { links: PageLinks; page: ReactNode };
const FrameContext = createContext<Frame | null>(null);

export function LayoutFrame({ layout, layoutId, links, children }: { layout?: ReactNode; layoutId?: string; links: PageLinks; children: ReactNode }) {
  const source = layoutId === undefined ? null : use(KeptLayouts);
  let body: ReactNode = layout;
  if (layoutId !== undefined && source) {
    const kept = source.get(layoutId);
    body = kept instanceof Promise ? use(kept) : kept;
  }
  // The server's render of the page's own part: the kept layout's HTML goes around it.
  if (body === undefined) {
    return (
      <>
        <template {...{ [PART_START_ATTRIBUTE]: '' }} />
        {children}
        <template {...{ [PART_END_ATTRIBUTE]: '' }} />
      </>
    );
  }
  return <FrameContext value={{ links, page: children }}>{body}</FrameContext>;
}

/** Where the layout puts the page. */
export function PageSlot() {
  return use(FrameContext)?.page ?? null;
}

const NO_LINKS: PageLinks = { current: '/', own: '/', other: '/' };

export function usePageLinks(): PageLinks {
  return use(FrameContext)?.links ?? NO_LINKS;
}
