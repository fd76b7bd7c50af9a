import type { Locale } from '../i18n/locale';
import type { Query } from '../routing/route-types';
import type { Services } from '../routing/services';
import type { FormState } from '../routing/request-state';
import type { DonationView } from '../routing/donation-view';

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
  /** The page is a past event's: its sign-up form is closed. */
  eventPast?: boolean;
};
