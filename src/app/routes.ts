// The route table: every page of the site, in match order (first match wins).
// Spec section 2. Routes without a page of their own (/privacy-policy, /eenzaamheid/...)
// are content pages served by the catch-all; redirects live in route-rules.ts.
import type { RouteDef } from '../framework/route-types';
import type { Services } from './services';
import { blogPostRoute } from './pages/blog-post-page';
import { contentPageRoute } from './pages/content-page';
import { courseRoute } from './pages/course-page';
import { locationRoute } from './pages/location-page';
import { eventData, foundationData } from './pages/seo/structured-data';
import { teamMemberRoute } from './pages/team-member-page';
import { testStartRoute } from './pages/test-start-page';
import { vacancyRoute } from './pages/vacancy-page';
import { districtRoute } from './find-group/district-page';

type AnyRoute = RouteDef<any, Services>;

export const routes: AnyRoute[] = [
  contentPageRoute({ name: 'home', path: '/', slug: 'home', structuredData: foundationData }),
  contentPageRoute({ name: 'doe-de-test', path: '/doe-de-test', slug: 'doe-de-test' }),
  testStartRoute,
  contentPageRoute({
    name: 'stronger-together-2025',
    path: '/stronger-together-2025',
    slug: 'stronger-together-2025',
    structuredData: eventData('stronger-together-2025'),
  }),
  contentPageRoute({ name: 'support-onze-missie', path: '/over-ons/support-onze-missie', slug: 'over-ons/support-onze-missie' }),
  courseRoute,
  vacancyRoute,
  blogPostRoute,
  locationRoute,
  districtRoute,
  teamMemberRoute,
  contentPageRoute({ name: 'slug', path: '/:slug+' }),
];
