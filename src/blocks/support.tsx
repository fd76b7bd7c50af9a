import { Icon } from '../icons/icon';
import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';
import { HelpContact } from './help-contact';
import { RichText } from './rich-text';
import { FitWords } from './fit-words';

/** Where to get help right now; calm, clear, and every number one tap away. */
export function SupportBlock({ block, ctx }: BlockProps<'blocks.support'>) {
  return (
    <BlockShell block={block}>
      <div className="support-head">
        <Icon name="life-buoy" size={32} className="support-icon" />
        <div>
          <h2 className="block-title"><FitWords text={block.title} /></h2>
          <RichText markdown={block.body} origin={ctx.services.publicConfig.publicOrigin} />
        </div>
      </div>
      <ul className="support-contacts" role="list">
        {block.contacts.map((contact, i) => (
          <HelpContact key={contact.id ?? i} contact={contact} ctx={ctx} heading="h3" />
        ))}
      </ul>
    </BlockShell>
  );
}
