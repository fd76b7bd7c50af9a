import { BlockHeading } from './block-heading';
import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';
import { RichText } from './rich-text';

/** Reading text; narrow (the default) keeps lines at a comfortable length. */
export function TextBlock({ block, ctx }: BlockProps<'blocks.text'>) {
  return (
    <BlockShell block={block} className={block.width === 'wide' ? 'is-wide' : 'is-narrow'}>
      <BlockHeading title={block.title} ctx={ctx} />
      <RichText markdown={block.body} origin={ctx.services.publicConfig.publicOrigin} />
    </BlockShell>
  );
}
