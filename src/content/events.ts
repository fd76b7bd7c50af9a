// The promoted event (the header's "Event: Stronger Together") and when an event is over: a
// past event takes no sign-ups and is not promoted any more.
import type { Event } from './model';

/** The event the header promotes while it is still to come; its page has the same slug. */
export const PROMOTED_EVENT_SLUG = 'stronger-together-2025';

/** What the header needs of the promoted event. */
export type PromotedEvent = Pick<Event, 'slug' | 'title' | 'startsAt' | 'endsAt'>;

/** Over once its end (or, without one, its start) has passed. */
export function eventHasEnded(event: Pick<Event, 'startsAt' | 'endsAt'>, now: number = Date.now()): boolean {
  return Date.parse(event.endsAt ?? event.startsAt) < now;
}
