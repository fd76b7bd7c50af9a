import type { BlockRecord } from '../content/site-content';

/** Blocks that, placed first, open the page with its h1 (their title is the page's heading). */
// The donation status is the whole message of the page a donor returns to: each outcome
// ("Dank je wel!", "De betaling is niet gelukt", ...) is its own heading, not one "Bedankt" above all.
const OPENING_BLOCKS: ReadonlySet<string> = new Set(['blocks.intro', 'blocks.hero-cards', 'blocks.donation-status']);

/**
 * True when the page's first block renders the h1, so the page around the blocks must not
 * print a second one (one h1 per page, and no "Home" above the hero).
 */
export function opensWithHeading(blocks: readonly BlockRecord[]): boolean {
  const first = blocks[0];
  return first !== undefined && OPENING_BLOCKS.has(first.__component);
}

export function titleLevel(index: number, blocks: readonly BlockRecord[]): 1 | 2 {
  return index === 0 && opensWithHeading(blocks) ? 1 : 2;
}
