import type { BlockComponent, BlockOf } from '../content/model';
import type { BlockRecord } from '../content/site-content';
import type { BlockContext } from './block-context';

/**
 * What every block component receives: its own record, the page context, and where it sits
 * on the page. The position matters to a few: the first block carries the page's h1, and a
 * collection list and its pagination block read each other.
 */
export type BlockProps<C extends BlockComponent> = {
  block: BlockOf<C>;
  ctx: BlockContext;
  index: number;
  blocks: readonly BlockRecord[];
};
