import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';
import { ButtonRow } from './button-link';
import { MediaImage } from './media-image';
import { titleLevel } from './opening';
import { RichText } from './rich-text';
import { FitWords } from './fit-words';

/** The opening of a page (or of a section): eyebrow, title, lead, buttons, a picture. */
export function IntroBlock({ block, ctx, index, blocks }: BlockProps<'blocks.intro'>) {
  const Heading = titleLevel(index, blocks) === 1 ? 'h1' : 'h2';
  return (
    <BlockShell block={block} className={block.image ? 'has-image' : undefined}>
      <div className="intro-text">
        {block.eyebrow ? <p className="eyebrow">{block.eyebrow}</p> : null}
        <Heading className="intro-title"><FitWords text={block.title} /></Heading>
        <RichText markdown={block.lead} origin={ctx.services.publicConfig.publicOrigin} className="lead" />
        <ButtonRow buttons={block.buttons} ctx={ctx} />
      </div>
      {block.image ? <MediaImage media={block.image} slot="intro" className="intro-image" priority={index === 0} /> : null}
    </BlockShell>
  );
}
