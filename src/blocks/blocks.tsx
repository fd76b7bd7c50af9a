import type { BlockRecord } from '../content/site-content';
import type { BlockContext } from './block-context';

/** Renders a page's dynamic zone. */
export function Blocks({ blocks }: { blocks: BlockRecord[]; ctx: BlockContext }) {
  return (
    <>
      {blocks.map((block, i) => (
        <section key={`${block.__component}-${block.id ?? i}`} className="block" data-block={block.__component}>
          {typeof block.title === 'string' ? <h2>{block.title}</h2> : null}
          {typeof block.body === 'string' ? <p>{block.body}</p> : null}
        </section>
      ))}
    </>
  );
}
