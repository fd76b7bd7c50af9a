import type { Location } from '../content/model';
import type { Locale } from '../i18n/locale';
import { t } from '../i18n/intl';

/** "Om de week op woensdag", "Elke dinsdag". */
export function meetingText(locale: Locale, location: Pick<Location, 'meetingDay' | 'frequency' | 'mode'>): string {
  const day = t(locale, `blocks.day.${location.meetingDay}`);
  const weekly = location.frequency ? location.frequency === 'weekly' : location.mode === 'online';
  return t(locale, weekly ? 'blocks.location.weekly' : 'blocks.location.biweekly', { day });
}

export function agesText(locale: Locale, location: Pick<Location, 'minAge' | 'maxAge'>): string {
  return t(locale, 'blocks.location.ages', { min: location.minAge, max: location.maxAge });
}

/** Clock time where the event happens: a visitor in Tiel reads Dutch time, not UTC. */
export function eventTime(locale: Locale, iso: string): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'nl-NL', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Amsterdam' }).format(new Date(iso));
}

/** Calendar date (YYYY-MM-DD) of now in the Netherlands, to compare with closing dates. */
export function todayInNl(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(now);
}
