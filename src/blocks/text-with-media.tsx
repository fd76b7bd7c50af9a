import { BlockHeading } from './block-heading';
import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';
import { ButtonRow } from './button-link';
import { MediaImage } from './media-image';
import { RichText } from './rich-text';

/** Text beside a picture; on a phone the picture comes first, then the text. */
export function TextWithMediaBlock({ block, ctx }: BlockProps<'blocks.text-with-media'>) {
  const position = block.mediaPosition === 'left' ? 'media-left' : 'media-right';
  return (
    <BlockShell block={block} className={position}>
      <div className="twm-text">
        <BlockHeading title={block.title} ctx={ctx} />
        <RichText markdown={block.body} origin={ctx.services.publicConfig.publicOrigin} />
        <ButtonRow buttons={block.buttons} ctx={ctx} />
      </div>
      <figure className="twm-media">
        <MediaImage media={block.media} slot="text" />
        {block.media.caption ? <figcaption>{block.media.caption}</figcaption> : null}
      </figure>
    </BlockShell>
  );
}
