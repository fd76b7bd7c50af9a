import type { Locale } from '../i18n/locale';
import type { Query } from '../routing/route-types';
import type { Services } from '../routing/services';
import type { FormState } from '../routing/request-state';
import type { DonationView } from '../routing/donation-view';

/** The event whose page it is, as the page found it in content. */
export type PageEvent = { slug: string; title: string; past: boolean };

/** What a block may need beside its own record: the page's locale and query (filters,
 * pagination) and the services to fetch related content (collection lists, updates, map). */
export type BlockContext = {
  locale: Locale;
  /** Path without the locale prefix. */
  pathname: string;
  query: Query;
  services: Services;
  /** A form's values and errors after a post without JavaScript. */
  formState?: FormState;
  /** The donation a status page is about, as the server found it (never from the address). */
  donation?: DonationView;
  /** The page is this event's: a form on it that signs up for events signs up for this one,
   * and once the event is past its sign-up is closed. */
  event?: PageEvent;
};
