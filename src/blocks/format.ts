import type { Locale } from '../i18n/locale';
import { DUTCH_TIME_ZONE } from '../i18n/time-zone';

/** One formatter per locale: making an Intl formatter costs far more than formatting with one
 * (a page of events made one per time, the largest part of its render). */
const clock: Record<Locale, Intl.DateTimeFormat> = {
  nl: new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit', timeZone: DUTCH_TIME_ZONE }),
  en: new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: DUTCH_TIME_ZONE }),
};

/** Clock time where the event happens: a visitor in Tiel reads Dutch time, not UTC. Dutch in
 * the site's style, with a full stop ("13.30", as in "15.30 uur" elsewhere); English "13:30". */
export function eventTime(locale: Locale, iso: string): string {
  const time = clock[locale].format(new Date(iso));
  return locale === 'en' ? time : time.replace(':', '.');
}
