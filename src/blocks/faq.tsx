import { Icon } from '../icons/icon';
import { BlockHeading } from './block-heading';
import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';
import { RichText } from './rich-text';

/** Questions that open with `<details>`: keyboard, screen readers and no-JS work natively. */
export function FaqBlock({ block, ctx }: BlockProps<'blocks.faq'>) {
  return (
    <BlockShell block={block}>
      <BlockHeading title={block.title} intro={block.intro} ctx={ctx} />
      <div className="faq-list">
        {block.items.map((item, i) => (
          <details key={item.id ?? i} className="faq-item">
            <summary>
              <span className="faq-question">{item.question}</span>
              <Icon name="chevron-down" size={20} className="faq-chevron" />
            </summary>
            <RichText markdown={item.answer} origin={ctx.services.publicConfig.publicOrigin} className="faq-answer" />
          </details>
        ))}
      </div>
    </BlockShell>
  );
}
