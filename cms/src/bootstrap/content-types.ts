/** The site's content (readable by anyone) and where its forms deliver (readable by no one). */
export const CONTENT_TYPES = [
  'page',
  'blog-post',
  'course',
  'vacancy',
  'location',
  'district',
  'team-member',
  'partner',
  'event',
  'global',
  'loneliness-test',
] as const;

export const SUBMISSION_TYPES = [
  'contact-submission',
  'course-information-request',
  'keep-me-posted-request',
  'loneliness-test-result',
  'sign-up',
  'start-location-request',
  'vacancy-application',
] as const;

export const DONATION_TYPE = 'donation';

export const uidOf = (name: string) => `api::${name}.${name}` as const;

/** Single types have find only (no findOne). */
export const SINGLE_TYPES = new Set<string>(['global', 'loneliness-test']);

export function readActions(name: string): string[] {
  const uid = uidOf(name);
  return SINGLE_TYPES.has(name) ? [`${uid}.find`] : [`${uid}.find`, `${uid}.findOne`];
}

/** Content API routes outside the content types that the site reads. */
export const PUBLIC_PLUGIN_ACTIONS = [
  'plugin::i18n.locales.listLocales',
  'plugin::navigation.client.render',
  'plugin::navigation.client.renderChild',
  'plugin::navigation.client.readAll',
];
