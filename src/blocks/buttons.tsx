import { BlockHeading } from './block-heading';
import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';
import { ButtonRow } from './button-link';

export function ButtonsBlock({ block, ctx }: BlockProps<'blocks.buttons'>) {
  return (
    <BlockShell block={block} className={block.align === 'center' ? 'is-centered' : undefined}>
      <BlockHeading title={block.title} ctx={ctx} />
      <ButtonRow buttons={block.buttons} ctx={ctx} />
    </BlockShell>
  );
}
