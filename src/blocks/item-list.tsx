import { Icon } from '../icons/icon';
import { BlockHeading } from './block-heading';
import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';
import { MediaImage } from './media-image';
import { RichText } from './rich-text';
import { FitWords } from './fit-words';

/** Steps (numbered), benefits (check marks) or a grid of topics (icons). */
export function ItemListBlock({ block, ctx }: BlockProps<'blocks.item-list'>) {
  const style = block.style ?? 'icon';
  const List = style === 'numbered' ? 'ol' : 'ul';
  const origin = ctx.services.publicConfig.publicOrigin;
  // One level under the block's title; without a title the items are the block's headings.
  const ItemHeading = block.title ? 'h3' : 'h2';
  return (
    <BlockShell block={block} className={`items-${style}`}>
      <BlockHeading title={block.title} intro={block.intro} ctx={ctx} />
      <List className="item-list" role="list">
        {block.items.map((item, i) => (
          <li key={item.id ?? i} className="item">
            <span className="item-marker" aria-hidden="true">
              {style === 'numbered' ? i + 1 : style === 'check' ? <Icon name="check" /> : <Icon name={item.icon ?? 'heart'} />}
            </span>
            {item.image ? <MediaImage media={item.image} slot="side" className="item-image" /> : null}
            <div className="item-text">
              <ItemHeading className="item-title"><FitWords text={item.title} /></ItemHeading>
              <RichText markdown={item.body} origin={origin} />
            </div>
          </li>
        ))}
      </List>
    </BlockShell>
  );
}
