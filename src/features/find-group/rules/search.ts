// The find-a-group search as the locations page's address holds it (`age`, `postcode`, `municipality`):
// the searched values, the form's own rules and messages, then the content service's answer
// (`GET /q42/search`).
import type { District, Location } from '../../../content/model';
import { areaCodesOf } from '../../../content/model/district';
import type { SearchAnswer } from '../../../content/q42-search';
import type { SiteContent } from '../../../content/site-content';
import { formatMessage } from '../../../forms/messages/index';
import { findLocationSchema } from '../forms/find-location';
import { validateForm } from '../../../forms/validate';
import type { Locale } from '../../../i18n/locale';
import { isParticipantAge } from '../../../forms/age-limits';
import { LRUCache } from 'lru-cache';

export type SearchQuery = { age: string; postcode: string; municipality: string };

/** The searched values, when the address holds a search. */
export function searchQuery(query: Readonly<Record<string, unknown>>): SearchQuery | null {
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const age = text(query.age);
  const postcode = text(query.postcode);
  if (age === undefined && postcode === undefined) return null;
  return { age: age ?? '', postcode: postcode ?? '', municipality: (text(query.municipality) ?? '').slice(0, 120) };
}

/** Every municipality with its four-digit postcode areas, by region (the districts). */
export async function regionsOf(content: SiteContent, locale: Locale): Promise<District[]> {
  const districts = await content.all('districts', { locale, sort: ['name:asc'] });
  return districts.items;
}

export type SearchCheck =
  | { kind: 'invalid'; errors: { age?: string; postcode?: string }; summary?: string }
  | { kind: 'answer'; answer: SearchAnswer<Location> };

/** The search's schema with these regions' postcode areas, in this locale. Made once per locale
 * and content of the regions, not per search: making it costs about 270 µs, a thirtieth of a new
 * search's whole render; checking a search with it about 25 µs. Keyed by what the schema reads
 * (each municipality's name and areas), so an edit of the regions makes a new one. */
function searchSchema(locale: Locale, regions: readonly District[]) {
  const areas = new Map<string, readonly string[]>();
  for (const d of regions) for (const m of d.municipalities) if (!areas.has(m.name)) areas.set(m.name, areaCodesOf(m));
  const key = `${locale}|${JSON.stringify([...areas])}`;
  let schema = schemas.get(key);
  if (!schema) schemas.set(key, (schema = findLocationSchema(locale, { postcodeAreasOf: (name) => areas.get(name) })));
  return schema;
}

/** Two locales, and room for the regions to change a few times in a content cache's lifetime. */
const schemas = new LRUCache<string, ReturnType<typeof findLocationSchema>>({ max: 8 });

/** The form's rules first (with their messages), then the search's rules on the content. */
export async function runSearch(content: SiteContent, locale: Locale, query: SearchQuery, regions: District[]): Promise<SearchCheck> {
  // A chosen municipality must own the postcode's four digits (the same message as invalid).
  const input = { age: query.age, postcode: query.postcode, municipality: query.municipality };
  const verdict = validateForm(searchSchema(locale, regions), input, locale);
  if (!verdict.ok) {
    const errors: { age?: string; postcode?: string } = {};
    if (verdict.errors.age) errors.age = verdict.errors.age;
    if (verdict.errors.postcode) errors.postcode = verdict.errors.postcode;
    // Too young or too old is the search's answer, not a bad postcode: answer it first.
    const age = Number(query.age);
    const ageOutsideGroups = !errors.age && Number.isInteger(age) && !isParticipantAge(age);
    if (!ageOutsideGroups) return { kind: 'invalid', errors, summary: verdict.formErrors[0] };
  }
  const answer = await content.search(query.postcode, Number(query.age), locale);
  if (answer.status === 'invalid-postcode') {
    return { kind: 'invalid', errors: { postcode: formatMessage(locale, 'findLocation.postcodeInvalid') } };
  }
  return { kind: 'answer', answer };
}
