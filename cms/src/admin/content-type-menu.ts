// The content manager's side menu as editors read it: Dutch names (English when the admin is in
// English), the pages first (the content manager opens on the first entry), the site's content
// next, and the inboxes, donations and visitors' accounts together at the end for the people who
// handle them. The navigation plugin's "Audience" is not used by this site and is left out.
// No Strapi import: the site's unit tests read it.

type Entry = { uid: string; nl: string; en: string };

const content = (name: string, nl: string, en: string): Entry => ({ uid: `api::${name}.${name}`, nl, en });
const inbox = (uid: string, nl: string, en: string): Entry => ({ uid, nl: `Inbox: ${nl}`, en: `Inbox: ${en}` });

/** In menu order. Collection and single types share it: the content manager sorts both lists by it. */
export const CONTENT_TYPE_MENU: Entry[] = [
  content('page', 'Pagina’s', 'Pages'),
  content('blog-post', 'Blogberichten', 'Blog posts'),
  content('event', 'Events', 'Events'),
  content('course', 'Cursussen', 'Courses'),
  content('vacancy', 'Vacatures', 'Vacancies'),
  content('location', 'Locaties', 'Locations'),
  content('district', 'Regio’s', 'Districts'),
  content('team-member', 'Teamleden', 'Team members'),
  content('partner', 'Partners', 'Partners'),
  content('global', 'Algemene instellingen', 'Global settings'),
  content('loneliness-test', 'Eenzaamheidstest', 'Loneliness test'),
  inbox('api::contact-submission.contact-submission', 'contactberichten', 'contact messages'),
  inbox('api::vacancy-application.vacancy-application', 'sollicitaties', 'vacancy applications'),
  inbox('api::sign-up.sign-up', 'aanmeldingen', 'sign-ups'),
  inbox('api::course-information-request.course-information-request', 'vragen over cursussen', 'course questions'),
  inbox('api::keep-me-posted-request.keep-me-posted-request', 'op de hoogte blijven', 'keep me posted'),
  inbox('api::start-location-request.start-location-request', 'een locatie starten', 'start a location'),
  inbox('api::loneliness-test-result.loneliness-test-result', 'testuitslagen', 'test results'),
  inbox('api::donation.donation', 'donaties', 'donations'),
  inbox('plugin::users-permissions.user', 'accounts van bezoekers', 'visitors’ accounts'),
];

/** Types the content manager offers that this site does not use. */
export const HIDDEN_TYPES = new Set(['plugin::navigation.audience']);

/**
 * A menu entry's title as the content manager sorts it (and searches in it): its place, then both
 * names. The admin shows the translation of this id (menuTranslations), not the id itself.
 */
export const menuTitleId = (index: number, entry: Entry): string => `${String(index + 1).padStart(2, '0')} ${entry.nl} · ${entry.en}`;

/** The content manager's links with those titles, in menu order. An unknown type keeps its name,
 * which sorts after the numbered ones. */
export function inMenuOrder<T extends { uid: string; title: string }>(links: T[]): T[] {
  return links
    .filter((link) => !HIDDEN_TYPES.has(link.uid))
    .map((link) => {
      const index = CONTENT_TYPE_MENU.findIndex((entry) => entry.uid === link.uid);
      return index < 0 ? link : { ...link, title: menuTitleId(index, CONTENT_TYPE_MENU[index]!) };
    })
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** What the admin shows for each title id, per interface language. */
export function menuTranslations(locale: 'nl' | 'en'): Record<string, string> {
  return Object.fromEntries(CONTENT_TYPE_MENU.map((entry, index) => [menuTitleId(index, entry), entry[locale]]));
}
