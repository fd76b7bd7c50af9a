import type { Locale } from '../i18n/locale';
import { DUTCH_TIME_ZONE } from '../i18n/time-zone';

/** Clock time where the event happens: a visitor in Tiel reads Dutch time, not UTC. Dutch in
 * the site's style, with a full stop ("13.30", as in "15.30 uur" elsewhere); English "13:30". */
export function eventTime(locale: Locale, iso: string): string {
  const time = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'nl-NL', { hour: '2-digit', minute: '2-digit', timeZone: DUTCH_TIME_ZONE }).format(new Date(iso));
  return locale === 'en' ? time : time.replace(':', '.');
}
