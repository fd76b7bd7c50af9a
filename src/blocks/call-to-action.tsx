import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';
import { ButtonRow } from './button-link';
import { MediaImage } from './media-image';
import { RichText } from './rich-text';
import { FitWords } from './fit-words';

/** A band that asks for one action: green by default, calm gray at the end of long pages. */
export function CallToActionBlock({ block, ctx }: BlockProps<'blocks.call-to-action'>) {
  const tone = block.tone === 'gray' ? 'tone-gray' : 'tone-primary';
  return (
    <BlockShell block={block} className={`${tone}${block.image ? ' has-image' : ''}`}>
      <div className="cta-text">
        <h2 className="cta-title"><FitWords text={block.title} /></h2>
        <RichText markdown={block.body} origin={ctx.services.publicConfig.publicOrigin} />
        <ButtonRow buttons={block.buttons} ctx={ctx} />
      </div>
      {block.image ? <MediaImage media={block.image} slot="side" className="cta-image" alt="" /> : null}
    </BlockShell>
  );
}
