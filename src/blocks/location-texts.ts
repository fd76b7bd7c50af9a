// A group's meeting rhythm and ages in words, wherever groups are named (cards, lists, map).
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
