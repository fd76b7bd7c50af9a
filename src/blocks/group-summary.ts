// A location as a group card shows it, in the visitor's language (server side: the day names
// come from the catalogue). The test's JSON answer carries the same summary to the browser.
import { pathTo } from '../routing/path-to';
import type { Location } from '../content/model';
import type { Locale } from '../i18n/locale';
import { t } from '../i18n/intl';
import { agesText, meetingText } from './location-texts';

/** A group with its texts already formatted and its links made. */
export type GroupSummary = { name: string; slug: string; when: string; where: string; ages: string; href: string; signUpHref: string };
export type GroupLabels = { when: string; where: string; ages: string; signUp: string; readMore: string };

export function groupSummary(l: Location, locale: Locale): GroupSummary {
  return {
    name: l.name,
    slug: l.slug,
    when: [meetingText(locale, l), l.meetingTime].filter(Boolean).join(', '),
    where: [l.address, l.city].filter(Boolean).join(', '),
    ages: agesText(locale, l),
    href: pathTo('locatie-slug', locale, { slug: l.slug }),
    signUpHref: pathTo('aanmelden', locale, undefined, { locatie: l.slug }),
  };
}

/** The find-a-group pages' words around a card. */
export function groupLabels(locale: Locale): GroupLabels {
  return {
    when: t(locale, 'findGroup.when'),
    where: t(locale, 'findGroup.where'),
    ages: t(locale, 'findGroup.ages'),
    signUp: t(locale, 'findGroup.signUp'),
    readMore: t(locale, 'findGroup.readMore'),
  };
}
