import type { Locale } from '../framework/page-meta';
import type { Query } from '../framework/route-types';
import type { Services } from '../app/services';

/** What a block may need beside its own record: the page's locale and query (filters,
 * pagination) and the services to fetch related content (collection lists, updates, map). */
export type BlockContext = {
  locale: Locale;
  /** Path without the locale prefix. */
  pathname: string;
  query: Query;
  services: Services;
};
