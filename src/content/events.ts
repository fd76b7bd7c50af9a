// Which event the header promotes, and when an event is over: a past event takes no sign-ups
// and is not promoted any more. Decided at render time, from content (no slug in the code).
import type { Locale } from '../i18n/locale';
import type { Event } from './model';

/** What the header needs of an event, and in which language its record (and page) is. */
export type PromotedEvent = Pick<Event, 'slug' | 'title' | 'shortTitle' | 'startsAt' | 'endsAt' | 'promoted'> & { locale: Locale };

/** Over once its end (or, without one, its start) has passed. */
export function eventHasEnded(event: Pick<Event, 'startsAt' | 'endsAt'>, now: number = Date.now()): boolean {
  return Date.parse(event.endsAt ?? event.startsAt) < now;
}

/**
 * The event the header promotes: of the events marked promoted that are still to come, the
 * soonest, in the page's language; without one there, the soonest Dutch one (events are
 * written in Dutch first). Null when no promoted event is to come: then there is no button.
 */
export function nextPromotedEvent(events: readonly PromotedEvent[], locale: Locale, now: number = Date.now()): PromotedEvent | null {
  const soonest = (language: Locale) =>
    events
      .filter((e) => e.locale === language && e.promoted === true && !eventHasEnded(e, now))
      .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))[0] ?? null;
  return soonest(locale) ?? (locale === 'nl' ? null : soonest('nl'));
}
