// A form posted from a past event's page (its sign-up) is refused: the event is over. The page
// no longer shows the form, but an open tab, a cached copy or a crafted post still can send it.
import type { SiteContent } from '../../src/content/site-content';
import { eventHasEnded } from '../../src/content/events';
import { splitLocale } from '../../src/i18n/locale';

/** Whether `page` (the form's `_page`, e.g. `/stronger-together-2025`) is the page of an event that is over. */
export async function fromPastEventPage(page: string | undefined, content?: SiteContent): Promise<boolean> {
  if (!page || !content) return false;
  let pathname: string;
  try {
    pathname = splitLocale(new URL(page, 'http://site').pathname).pathname;
  } catch {
    return false;
  }
  const slug = /^\/([a-z0-9-]{1,120})$/.exec(pathname)?.[1];
  if (!slug) return false;
  try {
    // The event's record is Dutch, whichever language the page was in.
    const { items } = await content.list('events', { locale: 'nl', filters: { slug: { $eq: slug } }, pageSize: 1 });
    return items[0] ? eventHasEnded(items[0]) : false;
  } catch {
    // Content unreachable: not knowing is no reason to refuse a message.
    return false;
  }
}
