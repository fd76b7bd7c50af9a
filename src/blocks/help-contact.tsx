import { t } from '../i18n/intl';
import { Icon } from '../icons/icon';
import type { BlockContext } from './block-context';
import { NEW_TAB, NewTabHint } from './button-link';
import { FitWords } from './fit-words';

export type HelpContactRecord = {
  id?: number;
  name: string;
  description?: string | null;
  phone?: string | null;
  url?: string | null;
  audience?: string | null;
};

/** "113 of 0800-0113" is two numbers: each gets its own button. */
export function phoneNumbers(phone: string): string[] {
  return phone.split(/\s+(?:of|or|\/)\s+/i).map((p) => p.trim()).filter(Boolean);
}

/** Digits and a leading + only: what a phone dials. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** One place to get help: who it is for, what they do, and the number one tap away. */
export function HelpContact({ contact, ctx, heading: Heading }: { contact: HelpContactRecord; ctx: BlockContext; heading: 'h3' | 'h4' }) {
  return (
    <li className="support-contact">
      <Heading className="support-name"><FitWords text={contact.name} /></Heading>
      {contact.audience ? <p className="badge">{contact.audience}</p> : null}
      {contact.description ? <p>{contact.description}</p> : null}
      <div className="support-actions">
        {phoneNumbers(contact.phone ?? '').map((phone) => (
          <a key={phone} className="button button-secondary" href={telHref(phone)}>
            <Icon name="phone" size={18} />
            <span>{t(ctx.locale, 'blocks.support.call', { phone })}</span>
          </a>
        ))}
        {contact.url ? (
          <a className="text-link" href={contact.url} {...NEW_TAB}>
            <span>{t(ctx.locale, 'blocks.support.site')}</span>
            <span className="visually-hidden"> {contact.name}</span>
            <NewTabHint ctx={ctx} />
          </a>
        ) : null}
      </div>
    </li>
  );
}
