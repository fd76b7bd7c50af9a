/**
 * The navigation plugin's configuration for this site: menu items link pages (by their title,
 * their path from their slug), three levels deep. The plugin keeps its configuration in the
 * database and reads config/plugins.ts only where nothing is stored (and on a new database it
 * stores its own defaults: no content types, two levels), so the bootstrap writes this on every
 * start (src/bootstrap/navigation.ts).
 */
export const PAGE_UID = 'api::page.page';

export const NAVIGATION_CONFIG = {
  additionalFields: [],
  allowedLevels: 3,
  contentTypes: [PAGE_UID],
  defaultContentType: PAGE_UID,
  contentTypesNameFields: { [PAGE_UID]: ['title'] },
  contentTypesPopulate: {},
  pathDefaultFields: { [PAGE_UID]: ['slug'] },
  cascadeMenuAttached: true,
  preferCustomContentTypes: false,
  isCacheEnabled: false,
  gql: { navigationItemRelated: [] },
};
