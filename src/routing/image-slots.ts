import type { VariantWidth } from './image-variants';

/**
 * Where an image is shown, and so which copies of a photograph the browser may choose from:
 * `sizes` says how wide the slot is drawn (from the CSS in styles/blocks.css and pages.css, at
 * the breakpoints those rules change at); `widths` are the copies offered, from the slot's
 * narrowest drawing on a phone up to its widest at twice the density. A phone of 375 px at
 * density 2 asks the copy at or just above twice its slot; a desktop asks the same for its own.
 */
export type ImageSlot = { sizes: string; widths: readonly VariantWidth[] };

export const IMAGE_SLOTS = {
  /** The home page's hero panel: the whole panel on a phone, a half of it beside the heading. */
  hero: { sizes: '(min-width: 900px) 30rem, calc(100vw - 5rem)', widths: [320, 480, 640, 800, 1080] },
  /** A card in a grid of cards (blog, events, courses, locations): three across on a desktop. */
  card: { sizes: '(min-width: 1100px) 22rem, (min-width: 720px) 45vw, calc(100vw - 2rem)', widths: [320, 480, 640, 800] },
  /** The cards below the hero: three across on a desktop. */
  heroCard: { sizes: '(min-width: 900px) 21rem, calc(100vw - 2rem)', widths: [320, 480, 640, 800] },
  /** A blog post's cover above its text: the text column's width (--text-width, 44rem; 704 px
   * measured at 1280 px), the screen less its gutters on a phone. */
  cover: { sizes: '(min-width: 48rem) 44rem, calc(100vw - 2rem)', widths: [320, 480, 640, 800, 1080, 1280] },
  /** A detail page's picture beside its heading (a location, an event, a course). */
  detail: { sizes: '(min-width: 900px) 26rem, calc(100vw - 2rem)', widths: [320, 480, 640, 800, 1080] },
  /** A round portrait beside a team member's name. */
  portrait: { sizes: '(min-width: 900px) 14rem, 8rem', widths: [160, 320, 480] },
  /** A team member's photo on a card. */
  person: { sizes: '8rem', widths: [160, 320] },
  /** The intro's picture beside the opening words. */
  intro: { sizes: '(min-width: 900px) 26rem, calc(100vw - 2rem)', widths: [320, 480, 640, 800, 1080] },
  /** A square picture of a social media post, four or two across. */
  social: { sizes: '(min-width: 900px) 16rem, 45vw', widths: [160, 320, 480] },
  /** A partner's logo on its card. */
  logo: { sizes: '20rem', widths: [320, 640] },
  /** A picture in a narrow column beside text (call to action, support, a list item). */
  side: { sizes: '(min-width: 800px) 22rem, calc(100vw - 2rem)', widths: [320, 480, 640, 800] },
  /** A picture as wide as the text column. */
  text: { sizes: '(min-width: 900px) 36rem, calc(100vw - 2rem)', widths: [320, 480, 640, 800, 1080] },
} as const satisfies Record<string, ImageSlot>;

export type ImageSlotName = keyof typeof IMAGE_SLOTS;
