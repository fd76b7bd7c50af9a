// The groups of a search's answer or a region page: each with its day, place and ages, and
// the links to sign up or read more (in the visitor's language).
import type { Location } from '../../content/model';
import type { BlockContext } from '../../blocks/block-context';
import { agesText, meetingText } from '../../blocks/format';
import { t } from '../../i18n/intl';
import { localePath } from '../pages/seo/urls';

export function GroupList({ ctx, locations }: { ctx: BlockContext; locations: Location[] }) {
  const l = ctx.locale;
  return (
    <ul className="find-groups">
      {locations.map((loc) => (
        <li key={loc.slug} className="find-group">
          <h3 className="find-group-name">{loc.name}</h3>
          <dl className="find-group-facts">
            <dt>{t(l, 'findGroup.when')}</dt>
            <dd>{[meetingText(l, loc), loc.meetingTime].filter(Boolean).join(', ')}</dd>
            <dt>{t(l, 'findGroup.where')}</dt>
            <dd>{[loc.address, loc.city].filter(Boolean).join(', ') || t(l, 'findGroup.online')}</dd>
            <dt>{t(l, 'findGroup.ages')}</dt>
            <dd>{agesText(l, loc)}</dd>
          </dl>
          <p className="find-group-actions">
            <a className="button button-primary" href={localePath(l, `/aanmelden?locatie=${encodeURIComponent(loc.slug)}`)}>
              {t(l, 'findGroup.signUp')}
              <span className="visually-hidden">: {loc.name}</span>
            </a>
            <a className="button button-secondary" href={localePath(l, `/locatie/${encodeURIComponent(loc.slug)}`)}>
              {t(l, 'findGroup.readMore')}
              <span className="visually-hidden">: {loc.name}</span>
            </a>
          </p>
        </li>
      ))}
    </ul>
  );
}
