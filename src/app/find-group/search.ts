// The find-a-group search as the address holds it (`/locaties?age=..&postcode=..&municipality=..`):
// the searched values, the form's own rules (the spec's messages), then the content service's
// answer (`GET /q42/search`).
import type { District, Location } from '../../content/model';
import type { BlockContext } from '../../blocks/block-context';
import { formatMessage } from '../../forms/messages/index';
import { findLocationSchema } from '../../forms/schemas/find-location';
import { validateForm } from '../../forms/validate';
import type { SearchAnswer } from '../../content/q42-search';

export const KEEP_POSTED_PARAM = 'bijhouden';

/** The keep-me-posted variant a link asked for (`?bijhouden=prefers-real-life`). */
export function askedVariant(ctx: BlockContext): 'no-location' | 'too-young' | 'prefers-real-life' | null {
  const v = ctx.query[KEEP_POSTED_PARAM];
  return v === 'no-location' || v === 'too-young' || v === 'prefers-real-life' ? v : null;
}

export type SearchQuery = { age: string; postcode: string; municipality: string };

/** The searched values, when the address holds a search. */
export function searchQuery(ctx: BlockContext): SearchQuery | null {
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const age = text(ctx.query.age);
  const postcode = text(ctx.query.postcode);
  if (age === undefined && postcode === undefined) return null;
  return { age: age ?? '', postcode: postcode ?? '', municipality: (text(ctx.query.municipality) ?? '').slice(0, 120) };
}

/** Every municipality with its four-digit postcode areas, by region (the districts). */
export async function regionsOf(ctx: BlockContext): Promise<District[]> {
  const districts = await ctx.services.content.list('districts', { locale: ctx.locale, sort: ['name:asc'], pageSize: 100 });
  return districts.items;
}

export type SearchCheck =
  | { kind: 'invalid'; errors: { age?: string; postcode?: string }; summary?: string }
  | { kind: 'answer'; answer: SearchAnswer<Location> };

/** The form's rules first (the spec's messages), then the search's rules on the content. */
export async function runSearch(ctx: BlockContext, query: SearchQuery, regions: District[]): Promise<SearchCheck> {
  const locale = ctx.locale;
  // A chosen municipality must own the postcode's four digits (the same message as invalid).
  const postcodeAreasOf = (name: string) => regions.flatMap((d) => d.municipalities).find((m) => m.name === name)?.postcodeAreas;
  const input = { age: query.age, postcode: query.postcode, municipality: query.municipality };
  const verdict = validateForm(findLocationSchema(locale, { postcodeAreasOf }), input, locale);
  if (!verdict.ok) {
    const errors: { age?: string; postcode?: string } = {};
    if (verdict.errors.age) errors.age = verdict.errors.age;
    if (verdict.errors.postcode) errors.postcode = verdict.errors.postcode;
    // Too young or too old is the search's answer, not a bad postcode: answer it first.
    const age = Number(query.age);
    const ageOutsideGroups = !errors.age && Number.isInteger(age) && (age < 12 || age > 30);
    if (!ageOutsideGroups) return { kind: 'invalid', errors, summary: verdict.formErrors[0] };
  }
  const answer = await ctx.services.content.search(query.postcode, Number(query.age), locale);
  if (answer.status === 'invalid-postcode') {
    return { kind: 'invalid', errors: { postcode: formatMessage(locale, 'findLocation.postcodeInvalid') } };
  }
  return { kind: 'answer', answer };
}
