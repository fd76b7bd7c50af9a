// The router: the routed rows of the path table, each with the page that answers it, in the
// table's order (first match wins). Paths, names and content slugs come from the table only.
import type { ReactNode } from 'react';
import { contentSlug, ROUTED_ROWS } from '../routing/path-lookup';
import type { RoutedName } from '../routing/path-table';
import type { PageRoute, RouteDef } from '../routing/route-types';
import type { Services } from '../routing/services';
import { blogPostRoute } from './pages/blog-post-page';
import { contentPageRoute, type StructuredData } from './pages/content-page';
import { courseRoute } from './pages/course-page';
import { locationRoute } from './pages/location-page';
import { foundationData } from './pages/seo/structured-data';
import { teamMemberRoute } from './pages/team-member-page';
import { testStartRoute } from '../features/loneliness-test';
import { vacancyRoute } from './pages/vacancy-page';
import { districtRoute } from '../features/find-group';
import { accountRoute, changePasswordRoute, forgotPasswordRoute, loginRoute, registerRoute, resendConfirmationRoute, resetPasswordRoute } from '../features/accounts';

type AnyPage = PageRoute<any, Services, ReactNode>;

/** A page made of content blocks: the row's record, or the catch-all's path as the slug. */
const contentPage = (name: RoutedName, structuredData?: StructuredData): AnyPage => contentPageRoute({ slug: contentSlug(name), structuredData });

const PAGES: Record<RoutedName, AnyPage> = {
  home: contentPage('home', foundationData),
  'doe-de-test': contentPage('doe-de-test'),
  'doe-de-test-start': testStartRoute,
  'support-onze-missie': contentPage('support-onze-missie'),
  'academy-slug': courseRoute,
  'vacatures-slug': vacancyRoute,
  'blog-slug': blogPostRoute,
  'locatie-slug': locationRoute,
  'regio-slug': districtRoute,
  'over-ons-ons-team-slug': teamMemberRoute,
  account: accountRoute,
  'wachtwoord-wijzigen': changePasswordRoute,
  login: loginRoute,
  registreren: registerRoute,
  'wachtwoord-vergeten': forgotPasswordRoute,
  'wachtwoord-herstellen': resetPasswordRoute,
  'bevestiging-opnieuw': resendConfirmationRoute,
  slug: contentPage('slug'),
};

export const routes: RouteDef<any, Services, ReactNode>[] = ROUTED_ROWS.map((row) => {
  const en = 'en' in row && row.en !== row.path ? { enPath: row.en } : {};
  return { ...PAGES[row.name], name: row.name, path: row.path, ...en };
});
