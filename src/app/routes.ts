// The route table: every page of the site, in match order (first match wins).
// Spec section 2. Routes without a page of their own (/privacy-policy, /eenzaamheid/...)
// are content pages served by the catch-all; redirects live in route-rules.ts.
import type { RouteDef } from '../framework/route-types';
import type { Services } from './services';
import { contentPageRoute } from './pages/content-page';
import { entryRoute } from './pages/entry-page';
import { testStartRoute } from './pages/test-start-page';

type AnyRoute = RouteDef<any, Services>;

export const routes: AnyRoute[] = [
  contentPageRoute({ name: 'home', path: '/', slug: 'home' }),
  contentPageRoute({ name: 'doe-de-test', path: '/doe-de-test', slug: 'doe-de-test' }),
  testStartRoute,
  contentPageRoute({ name: 'stronger-together-2025', path: '/stronger-together-2025', slug: 'stronger-together-2025' }),
  contentPageRoute({ name: 'support-onze-missie', path: '/over-ons/support-onze-missie', slug: 'over-ons/support-onze-missie' }),
  entryRoute({ name: 'academy-slug', path: '/academy/:slug', collection: 'courses' }),
  entryRoute({ name: 'vacatures-slug', path: '/vacatures/:slug', collection: 'vacancies' }),
  entryRoute({ name: 'blog-slug', path: '/blog/:slug', collection: 'blog-posts' }),
  entryRoute({ name: 'locatie-slug', path: '/locatie/:slug', collection: 'locations' }),
  entryRoute({ name: 'over-ons-ons-team-slug', path: '/over-ons/ons-team/:slug', collection: 'team-members' }),
  contentPageRoute({ name: 'slug', path: '/:slug+' }),
];
