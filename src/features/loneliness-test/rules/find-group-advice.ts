// The find-a-group search for the test's result, on the server only (the content, the
// catalogue of day names). Used by the plain form's result page and by the JSON answer of
// POST /forms/loneliness-test, so both name the same groups.
import { pathTo } from '../../../routing/path-to';
import type { Locale } from '../../../i18n/locale';
import { nearestFirst } from '../../../content/nearest-groups';
import type { SiteContent } from '../../../content/site-content';
import { groupSummary } from '../../../blocks/group-summary';
import { groupSearchHref, nextStep } from './advice';
import type { Band } from './bands';
import { ADVICE_GROUPS, type GroupAdvice } from '../forms/group-advice';

type Log = { warn(obj: object, msg: string): void };

/** Null when the advice names no group (the lowest band, an age outside 12 to 30). */
export async function findGroupAdvice(content: SiteContent, input: { band: Band; age: number; postcode: string; locale: Locale }, log?: Log): Promise<GroupAdvice | null> {
  const { locale } = input;
  const next = nextStep(input.band, input.age, input.postcode);
  if (next.kind !== 'group') return null;
  const searchHref = groupSearchHref(locale, next.zipcode, next.age);
  const answer = await content.search(next.zipcode, next.age, locale).catch((error: unknown) => {
    log?.warn({ err: error }, 'find-a-group search failed for the test result');
    return null;
  });
  if (!answer) return { status: 'unavailable', searchHref };
  if (answer.status === 'found') {
    const municipality = answer.municipality;
    const ordered = nearestFirst(answer.locations, { municipality, postcode: answer.zipcode });
    return {
      status: 'found',
      municipality: municipality ?? '',
      groups: ordered.slice(0, ADVICE_GROUPS).map((l) => groupSummary(l, locale)),
      more: Math.max(0, ordered.length - ADVICE_GROUPS),
      searchHref,
    };
  }
  return {
    status: 'not-found',
    municipality: answer.municipality ?? null,
    district: answer.district ? { name: answer.district.name, href: pathTo('regio-slug', locale, { slug: answer.district.slug }) } : null,
    keepPostedHref: `${searchHref}#zoekresultaat`,
    searchHref,
  };
}
