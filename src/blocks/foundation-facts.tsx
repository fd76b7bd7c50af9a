// The foundation's own facts, from the global settings only: each line is shown when it is
// set and never made up, so a page never claims a phone number, an address or an ANBI detail
// that nobody entered.
import type { ReactNode } from 'react';
import type { GlobalSettings } from '../content/model';
import type { BlockOf } from '../content/model';
import { t } from '../i18n/intl';
import type { Locale } from '../i18n/locale';
import { BlockHeading } from './block-heading';
import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';
import { telHref } from './help-contact';
import { RichText } from './rich-text';

type Kind = BlockOf<'blocks.foundation-facts'>['facts'];
type Fact = { key: string; label: string; value: ReactNode };

const lines = (text: string) => text.split(/\n+/).map((line) => line.trim()).filter(Boolean);

/** The lines of one kind that the global settings hold, in the order they are shown. */
export function foundationFacts(kind: Kind, global: GlobalSettings | null, locale: Locale): Fact[] {
  const g = global ?? ({} as Partial<GlobalSettings>);
  const phone: Fact | null = g.phone ? { key: 'phone', label: t(locale, 'blocks.facts.phone'), value: <a href={telHref(g.phone)}>{g.phone}</a> } : null;
  const email: Fact | null = g.email ? { key: 'email', label: t(locale, 'blocks.facts.email'), value: <a href={`mailto:${g.email}`}>{g.email}</a> } : null;
  const address: Fact | null = g.address
    ? { key: 'address', label: t(locale, 'blocks.facts.address'), value: lines(g.address).map((line, i) => (i === 0 ? line : [<br key={i} />, line])) }
    : null;
  if (kind === 'contact') return [phone, email, address].filter((f): f is Fact => f !== null);
  const board = (g.board ?? []).filter((member) => member.name);
  const anbi: Array<Fact | null> = [
    g.legalName ? { key: 'name', label: t(locale, 'blocks.facts.name'), value: g.legalName } : null,
    g.rsin ? { key: 'rsin', label: t(locale, 'blocks.facts.rsin'), value: g.rsin } : null,
    g.kvk ? { key: 'kvk', label: t(locale, 'blocks.facts.kvk'), value: g.kvk } : null,
    address,
    email,
    board.length > 0
      ? {
          key: 'board',
          label: t(locale, 'blocks.facts.board'),
          value: (
            <ul className="foundation-board" role="list">
              {board.map((member, i) => (
                <li key={member.id ?? i}>{member.role ? `${member.name}, ${member.role}` : member.name}</li>
              ))}
            </ul>
          ),
        }
      : null,
    g.policyPlanUrl ? { key: 'policy-plan', label: t(locale, 'blocks.facts.policyPlan'), value: <a href={g.policyPlanUrl}>{t(locale, 'blocks.facts.policyPlanLink')}</a> } : null,
  ];
  return anbi.filter((f): f is Fact => f !== null);
}

/** Whether the facts an intro announces are all there: a way to reach the foundation; for an
 * ANBI its name, tax number (RSIN), an address or mail and its board. */
export function foundationFactsComplete(kind: Kind, global: GlobalSettings | null): boolean {
  if (!global) return false;
  if (kind === 'contact') return Boolean(global.phone || global.email);
  return Boolean(global.legalName && global.rsin && (global.address || global.email) && (global.board ?? []).some((m) => m.name));
}

export async function FoundationFactsBlock({ block, ctx }: BlockProps<'blocks.foundation-facts'>) {
  // Unknown settings (the content service down, nothing cached) show no facts: never wrong ones.
  const global = await ctx.services.content.globalSettings(ctx.locale).catch(() => null);
  const facts = foundationFacts(block.facts, global, ctx.locale);
  const complete = foundationFactsComplete(block.facts, global);
  // Nobody to call or mail: the contact form on the page is the way to reach us.
  if (block.facts === 'contact' && facts.length === 0) return null;
  const origin = ctx.services.publicConfig.publicOrigin;
  return (
    <BlockShell block={block}>
      <BlockHeading title={block.title} intro={complete ? block.intro : null} ctx={ctx} />
      {block.facts === 'anbi' && !complete ? (
        <div className="foundation-facts-missing" role="note">
          <p>{t(ctx.locale, 'blocks.facts.anbiIncomplete')}</p>
          {global?.email ? <RichText markdown={t(ctx.locale, 'blocks.facts.askByMail', { email: global.email })} origin={origin} /> : null}
        </div>
      ) : null}
      {facts.length > 0 ? (
        <dl className="foundation-facts">
          {facts.map((fact) => (
            <div key={fact.key} className={`foundation-fact fact-${fact.key}`}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </BlockShell>
  );
}
