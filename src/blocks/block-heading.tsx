import type { BlockContext } from './block-context';
import { RichText } from './rich-text';
import { FitWords } from './fit-words';

/**
 * The optional title and intro many blocks open with. The block that opens a page carries
 * its h1 (see `opensWithHeading` in blocks.tsx); every other block title is an h2.
 */
export function BlockHeading(props: {
  title?: string | null;
  intro?: string | null;
  ctx: BlockContext;
  level?: 1 | 2;
  eyebrow?: string | null;
  className?: string;
}) {
  const { title, intro, ctx, level = 2, eyebrow } = props;
  if (!title && !intro && !eyebrow) return null;
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <header className={props.className ? `block-header ${props.className}` : 'block-header'}>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      {title ? <Heading className="block-title"><FitWords text={title} /></Heading> : null}
      <RichText markdown={intro} origin={ctx.services.publicConfig.publicOrigin} className="block-lead" />
    </header>
  );
}
