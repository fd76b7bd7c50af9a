/**
 * The content types whose records the site shows on a page of their own, so a preview can open
 * it: the same list as the site's `PREVIEW_UIDS` (server/pages/preview.ts; a test keeps the two
 * equal). The global settings, partners and the loneliness test's texts have no page of their own.
 */
export const PREVIEWABLE: ReadonlySet<string> = new Set([
  'api::page.page',
  'api::blog-post.blog-post',
  'api::course.course',
  'api::vacancy.vacancy',
  'api::location.location',
  'api::district.district',
  'api::team-member.team-member',
  'api::event.event',
]);
