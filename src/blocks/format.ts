import type { Locale } from '../i18n/locale';

/** Clock time where the event happens: a visitor in Tiel reads Dutch time, not UTC. */
export function eventTime(locale: Locale, iso: string): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'nl-NL', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Amsterdam' }).format(new Date(iso));
}
