// A form on an event's page is a sign-up for that event (`event:{slug}` in its hidden context).
// The event is looked up as its page found it, among the events of the page's language by slug
// (then among the Dutch ones: events are written in Dutch first), never taken from the post:
// still to come, the sign-up names it; over, or no event at all, the post is refused and
// nothing is stored. With the content service unreachable the sign-up
// is taken on trust, as a sign-up's group is, and staff are told in the log: an outage never
// loses a sign-up.
import type { SiteContent } from '../../src/content/site-content';
import { eventHasEnded } from '../../src/content/events';
import { eventFromContext } from '../../src/forms/event-context';
import type { Locale } from '../../src/i18n/locale';
import type { ContextRefused, ResolvedContext } from './context-answers';

export async function eventSignUp(content: SiteContent | undefined, context: string | undefined, locale: Locale): Promise<ResolvedContext | ContextRefused> {
  const slug = eventFromContext(context);
  if (!slug) return { refused: 'eventUnknown' };
  let event;
  try {
    if (!content) throw new Error('no content service');
    event = (await content.events(locale)).find((e) => e.slug === slug);
    if (!event && locale !== 'nl') event = (await content.events('nl')).find((e) => e.slug === slug);
  } catch {
    // Not knowing is no reason to turn a visitor away: the slug stands in for the name.
    return { fields: { event: slug }, options: { event: slug }, unverified: true };
  }
  if (!event) return { refused: 'eventUnknown' };
  if (eventHasEnded(event)) return { refused: 'eventPast' };
  return { fields: { event: event.title }, options: { event: event.title } };
}
