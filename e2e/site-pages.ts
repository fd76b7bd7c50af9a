// The pages of the site a walk checks beside the sitemap's: those a query, a form or an account
// link reaches (e2e/all-pages.spec.ts, e2e/html-validity.spec.ts).
import { readFileSync } from 'node:fs';
import { ACCOUNTS_PORT } from '../playwright.config';

type Raw = { slug: string };
const snapshot = (locale: string, name: string) => JSON.parse(readFileSync(`content/snapshot/${locale}/${name}.json`, 'utf8')) as Raw[];

/** Pages no sitemap lists, reached by a query, a form or an account link: the sign-up for every
 * group of the snapshot (both languages) and for none, each outcome of the search, a form's sent
 * state on each form page, the lists filtered and paged, the donation's status, the test, a 404;
 * the account pages on the site whose content service has accounts. */
export function pagesOffTheSitemap(): string[] {
  const groups = snapshot('nl', 'locations').map((l) => l.slug);
  const vacancy = snapshot('nl', 'vacancies')[0]!.slug;
  const course = snapshot('nl', 'courses')[0]!.slug;
  const search = ['age=16&postcode=4001AB', 'age=16&postcode=4001AB&municipality=Tiel', 'age=20&postcode=9999AB', 'age=31&postcode=4001AB', 'age=11&postcode=4001AB', 'age=abc&postcode=0000'];
  const accounts = `http://127.0.0.1:${ACCOUNTS_PORT}`;
  return [
    ...groups.flatMap((slug) => [`/aanmelden?locatie=${slug}`, `/en/aanmelden?locatie=${slug}`]),
    '/aanmelden?locatie=bestaat-niet',
    ...search.flatMap((query) => [`/locaties?${query}`, `/en/locaties?${query}`]),
    '/locaties?bijhouden=prefers-real-life',
    '/contact?verzonden=contact', '/en/contact?verzonden=contact', '/start-een-locatie?verzonden=start-location', '/doneren?verzonden=donation',
    '/aanmelden?verzonden=sign-up', '/locaties?verzonden=keep-me-posted', `/vacatures/${vacancy}?verzonden=vacancy-application`, `/academy/${course}?verzonden=course-information`,
    '/blog?categorie=vlog', '/blog?pagina=2', '/doneren/bedankt', '/en/doneren/bedankt', '/doe-de-test/start', '/en/doe-de-test/start', '/bestaat-niet',
    ...['/login', '/registreren', '/wachtwoord-vergeten', '/wachtwoord-herstellen?code=abc', '/bevestiging-opnieuw', '/en/login', '/en/register'].map((path) => accounts + path),
  ];
}
