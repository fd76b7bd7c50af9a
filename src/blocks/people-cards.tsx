import { pathTo } from '../routing/path-to';
import type { Location, Partner, PartnerRef, TeamMember } from '../content/model';
import { t } from '../i18n/intl';
import { Icon } from '../icons/icon';
import type { BlockContext } from './block-context';
import { NEW_TAB, NewTabHint } from './button-link';
import { CardMeta, CardTitle, type CardHeadingLevel } from './card-parts';
import { agesText, meetingText } from './location-texts';
import { MediaImage } from './media-image';
import { RichText } from './rich-text';
import { FitWords } from './fit-words';

type CardProps<T> = { record: T; ctx: BlockContext; heading: CardHeadingLevel };

export function LocationCard({ record, ctx, heading }: CardProps<Location>) {
  const place = record.mode === 'online' ? t(ctx.locale, 'blocks.location.online') : record.city ?? record.municipality;
  return (
    <li className={`card card-location mode-${record.mode}`}>
      <div className="card-body">
        <CardMeta>
          <span className="badge">{agesText(ctx.locale, record)}</span>
          {place ? <span><Icon name={record.mode === 'online' ? 'message-circle' : 'map-pin'} size={18} /> {place}</span> : null}
        </CardMeta>
        <CardTitle as={heading} href={pathTo('locatie-slug', ctx.locale, { slug: record.slug })}>
          {record.name}
        </CardTitle>
        <CardMeta>
          <span><Icon name="calendar" size={18} /> {meetingText(ctx.locale, record)}</span>
          {record.meetingTime ? <span><Icon name="clock" size={18} /> {record.meetingTime}</span> : null}
        </CardMeta>
      </div>
    </li>
  );
}

export function TeamMemberCard({ record, heading }: CardProps<TeamMember>) {
  return (
    <li className="card card-person">
      <MediaImage media={record.photo} slot="person" className="person-photo" alt="" />
      <div className="card-body">
        <CardTitle as={heading} href={pathTo('over-ons-ons-team-slug', 'nl', { slug: record.slug })}>
          {record.name}
        </CardTitle>
        {record.role ? <p className="card-text person-role">{record.role}</p> : null}
      </div>
    </li>
  );
}

/** Partners link out to their own site (a new tab), not to a page of ours. */
export function PartnerCard({ record, ctx, heading: Heading }: CardProps<Partner | PartnerRef>) {
  return (
    <li className="card card-partner">
      <MediaImage media={record.logo} slot="logo" className="partner-logo" alt="" />
      <div className="card-body">
        <Heading className="card-title"><FitWords text={record.name} /></Heading>
        <RichText markdown={record.description} origin={ctx.services.publicConfig.publicOrigin} className="card-text" />
        {record.url ? (
          <a className="text-link" href={record.url} {...NEW_TAB}>
            <span>{t(ctx.locale, 'blocks.partner.visit', { name: record.name })}</span>
            <NewTabHint ctx={ctx} />
          </a>
        ) : null}
      </div>
    </li>
  );
}
