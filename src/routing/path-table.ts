// Every public path of the site, one row each. The router takes its routes from the routed
// rows (in this order: the first match wins), the sitemap finds each content record's page
// here, the language switcher and the hreflang links read the English counterparts, and the
// redirects sit at the bottom. Plain data without React, so the server reads it without
// loading the app. Paths are written without the locale prefix: English pages are the same
// pattern under /en unless a row names another one.
import type { SitemapCollection } from '../content/site-content';
import { localePath, type Locale } from '../i18n/locale';
import type { RouteRules } from './route-match';

export type PathRow = {
  /** The route's name: the router attaches its page by it, and page views report it. */
  readonly name: string;
  /** The pattern matched against the locale-less path (`:name`, or `:name+` for the rest). */
  readonly path: string;
  /** True: the router has a route for it. False: the catch-all content page serves it; the
   * row is here for what else it says (its English counterpart). */
  readonly routed: boolean;
  /** The collection whose records this path shows: by the `:slug` in the pattern, or the one
   * record named by `slug` for a fixed path. */
  readonly content?: { readonly collection: SitemapCollection; readonly slug?: string };
  /** The same page in English, as a locale-less pattern with the same parameters. Absent: the
   * switcher cannot tell that the page exists in English and leads to the English home page. */
  readonly en?: string;
  /** In the sitemap through its collection's records (those not marked noIndex), or left out
   * on purpose, with the reason. */
  readonly sitemap: 'collection' | { readonly leftOut: string };
  /** Only for a signed-in visitor: the server loads the user first (else on to the log-in
   * page), and the page is rendered for that visitor alone, never kept in the render cache. */
  readonly auth?: true;
};

export const PATH_TABLE = [
  { name: 'home', path: '/', routed: true, content: { collection: 'pages', slug: 'home' }, en: '/', sitemap: 'collection' },
  { name: 'doe-de-test', path: '/doe-de-test', routed: true, content: { collection: 'pages', slug: 'doe-de-test' }, en: '/doe-de-test', sitemap: 'collection' },
  {
    name: 'doe-de-test-start',
    path: '/doe-de-test/start',
    routed: true,
    content: { collection: 'pages', slug: 'doe-de-test/start' },
    en: '/doe-de-test/start',
    sitemap: { leftOut: 'the test flow itself: a search result should land on /doe-de-test, which introduces it' },
  },
  {
    name: 'support-onze-missie',
    path: '/over-ons/support-onze-missie',
    routed: true,
    content: { collection: 'pages', slug: 'over-ons/support-onze-missie' },
    sitemap: 'collection',
  },
  { name: 'academy-slug', path: '/academy/:slug', routed: true, content: { collection: 'courses' }, sitemap: 'collection' },
  { name: 'vacatures-slug', path: '/vacatures/:slug', routed: true, content: { collection: 'vacancies' }, sitemap: 'collection' },
  { name: 'blog-slug', path: '/blog/:slug', routed: true, content: { collection: 'blog-posts' }, sitemap: 'collection' },
  // Groups and regions have their records in both languages under the same slug.
  { name: 'locatie-slug', path: '/locatie/:slug', routed: true, content: { collection: 'locations' }, en: '/locatie/:slug', sitemap: 'collection' },
  { name: 'regio-slug', path: '/regio/:slug', routed: true, content: { collection: 'districts' }, en: '/regio/:slug', sitemap: 'collection' },
  { name: 'over-ons-ons-team-slug', path: '/over-ons/ons-team/:slug', routed: true, content: { collection: 'team-members' }, sitemap: 'collection' },
  // Accounts (users-permissions of the content service). Personal or about one visitor's
  // account: none of them is for a search engine.
  { name: 'account', path: '/account', routed: true, en: '/account', auth: true, sitemap: { leftOut: "one visitor's own account" } },
  { name: 'wachtwoord-wijzigen', path: '/account/wachtwoord', routed: true, en: '/account/password', auth: true, sitemap: { leftOut: "one visitor's own account" } },
  { name: 'login', path: '/login', routed: true, en: '/login', sitemap: { leftOut: 'a form to log in, nothing to find' } },
  { name: 'registreren', path: '/registreren', routed: true, en: '/register', sitemap: { leftOut: 'a form to make an account, nothing to find' } },
  { name: 'wachtwoord-vergeten', path: '/wachtwoord-vergeten', routed: true, en: '/forgot-password', sitemap: { leftOut: 'an account form, nothing to find' } },
  { name: 'wachtwoord-herstellen', path: '/wachtwoord-herstellen', routed: true, en: '/reset-password', sitemap: { leftOut: 'reached from the reset mail only' } },
  { name: 'bevestiging-opnieuw', path: '/bevestiging-opnieuw', routed: true, en: '/resend-confirmation', sitemap: { leftOut: 'an account form, nothing to find' } },
  // Any other content page, by its slug; must stay the last routed row. An event's page is
  // the content page with the event's slug (`/stronger-together-2027`): each edition has its
  // own, and a past one stays as an archive at its address.
  { name: 'slug', path: '/:slug+', routed: true, content: { collection: 'pages' }, sitemap: 'collection' },

  // Content pages the catch-all serves that exist in both languages.
  { name: 'over-ons', path: '/over-ons', routed: false, content: { collection: 'pages', slug: 'over-ons' }, en: '/about', sitemap: 'collection' },
  { name: 'contact', path: '/contact', routed: false, content: { collection: 'pages', slug: 'contact' }, en: '/contact', sitemap: 'collection' },
  { name: 'online', path: '/online', routed: false, content: { collection: 'pages', slug: 'online' }, en: '/online', sitemap: 'collection' },
  { name: 'locaties', path: '/locaties', routed: false, content: { collection: 'pages', slug: 'locaties' }, en: '/locaties', sitemap: 'collection' },
  { name: 'aanmelden', path: '/aanmelden', routed: false, content: { collection: 'pages', slug: 'aanmelden' }, en: '/aanmelden', sitemap: 'collection' },
  { name: 'cookiebeleid', path: '/cookiebeleid', routed: false, content: { collection: 'pages', slug: 'cookiebeleid' }, sitemap: 'collection' },
  { name: 'ons-team', path: '/over-ons/ons-team', routed: false, content: { collection: 'pages', slug: 'over-ons/ons-team' }, sitemap: 'collection' },
  { name: 'tips', path: '/tips', routed: false, content: { collection: 'pages', slug: 'tips' }, en: '/tips', sitemap: 'collection' },
  // The list pages: in English they say that the posts, courses and vacancies are written in
  // Dutch and lead there (an English post, course or vacancy shows up in the English list).
  { name: 'blog', path: '/blog', routed: false, content: { collection: 'pages', slug: 'blog' }, en: '/blog', sitemap: 'collection' },
  { name: 'academy', path: '/academy', routed: false, content: { collection: 'pages', slug: 'academy' }, en: '/academy', sitemap: 'collection' },
  { name: 'vacatures', path: '/vacatures', routed: false, content: { collection: 'pages', slug: 'vacatures' }, en: '/vacatures', sitemap: 'collection' },
  // Donating: the form's page, and the page the payment provider sends the donor back to
  // (server/features/donations reads the donation's real status for it; never cached).
  { name: 'doneren', path: '/doneren', routed: false, content: { collection: 'pages', slug: 'doneren' }, en: '/doneren', sitemap: 'collection' },
  {
    name: 'doneren-bedankt',
    path: '/doneren/bedankt',
    routed: false,
    content: { collection: 'pages', slug: 'doneren/bedankt' },
    en: '/doneren/bedankt',
    sitemap: { leftOut: "one donor's payment status: nothing for a search engine" },
  },
  { name: 'doneren-testbetaling', path: '/doneren/testbetaling/:id', routed: false, sitemap: { leftOut: 'the built-in test checkout, only without payment-provider keys' } },
  // Provider login: to the content service's own /connect/{provider}, and back with a token
  // (the accounts feature's routes on the server). Redirects, never pages.
  { name: 'connect-provider', path: '/connect/:provider', routed: false, sitemap: { leftOut: 'a redirect to the login provider' } },
  { name: 'auth-provider-callback', path: '/auth/:provider/callback', routed: false, sitemap: { leftOut: 'where a login provider sends the visitor back' } },
  { name: 'uitloggen', path: '/account/uitloggen', routed: false, sitemap: { leftOut: 'a form post that ends the session' } },
] as const satisfies readonly PathRow[];

export type RouteName = (typeof PATH_TABLE)[number]['name'];
export type RoutedName = Extract<(typeof PATH_TABLE)[number], { routed: true }>['name'];

/** The row of this name, with its literal types. */
export type RowNamed<N extends RouteName> = Extract<(typeof PATH_TABLE)[number], { name: N }>;

/** A row's locale-less Dutch pattern, as written in the table (`/connect/:provider` for the
 * server's route; a link takes its path from pathTo). */
export function pathOf<N extends RouteName>(name: N): RowNamed<N>['path'] {
  return PATH_TABLE.find((row) => row.name === name)!.path as RowNamed<N>['path'];
}

/** A row's locale-less pattern in this language: its English counterpart for English, else
 * the Dutch pattern (an English page without a counterpart sits at the same pattern under /en). */
export function localePattern(row: PathRow, locale: Locale): string {
  return locale === 'en' ? (row.en ?? row.path) : row.path;
}

/** The patterns (both languages, locale-less) of the rows only a signed-in visitor sees. */
export const GUARDED_ROWS = (PATH_TABLE as readonly PathRow[]).filter((row) => row.auth);

/** Redirects known at build time. The browser gets them with the build's metadata, so client
 * navigation applies them too. */
export const STATIC_REDIRECTS: RouteRules = {
  '/home': { redirect: { to: pathOf('home'), statusCode: 301 } },
  '/en/home': { redirect: { to: localePath('en', pathOf('home')), statusCode: 301 } },
  '/nl': { redirect: { to: pathOf('home'), statusCode: 301 } },
  '/nl/**': { redirect: { to: '/**', statusCode: 301 } },
  // QR codes on the printed fan (waaier). The content model has no redirect list yet, so the
  // targets are fixed here; 302 because editors may point a code elsewhere later and printed
  // codes must never be cached to a permanent answer.
  '/qr/waaier1': { redirect: { to: pathOf('doe-de-test'), statusCode: 302 } },
  '/qr/waaier2': { redirect: { to: pathOf('locaties'), statusCode: 302 } },
  '/qr/waaier3': { redirect: { to: '/eenzaamheid', statusCode: 302 } },
  '/qr/waaier4': { redirect: { to: pathOf('support-onze-missie'), statusCode: 302 } },
};

/**
 * The query parameters that shape a page; every other one (`utm_source`, `fbclid`, `gclid`, a
 * typo) is dropped before the page is looked up, rendered or cached, so it can neither make a
 * render nor a cache entry of its own, nor end up in the page's links.
 * - `verzonden`: a form's success state (any page with a form);
 * - `age`, `postcode`, `municipality`, `bijhouden`: the find-a-group search and its
 *   keep-me-posted variant; `locatie`: the sign-up's group;
 * - `categorie`, `pagina`: a list's filter and page (blog, academy, vacancies);
 * - `code`, `terug`, `bevestigd`, `uitgelogd`: the password reset's code, the log-in page's
 *   return path and its notices (email confirmed, logged out);
 * - `debug`: the debug view (never cached).
 */
export const PAGE_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'verzonden', 'age', 'postcode', 'municipality', 'bijhouden', 'locatie', 'categorie', 'pagina', 'code', 'terug', 'bevestigd', 'uitgelogd', 'debug',
]);
