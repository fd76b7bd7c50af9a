// The groups of a search's answer in the order a visitor wants them: the searched municipality's
// own first, then the others by how near their postcode area lies to the searched one (Dutch
// postcode areas are numbered through the country region by region, so 4001 and 4005 are
// neighbours and 4001 and 4190 are not), then by name. A search shows the nearest few and
// links to the region's page for the rest: a search's answer never grows with the whole site.
import type { Location } from './model';

/** Groups a search's answer lists; the region's page lists every one. */
export const SEARCH_GROUPS_SHOWN = 6;

const area = (postcode: string | null | undefined): number | null => {
  const digits = /^\s*(\d{4})/.exec(postcode ?? '')?.[1];
  return digits ? Number(digits) : null;
};

/** `locations` nearest first for a search from `postcode` in `municipality` (a new array). */
export function nearestFirst<L extends Pick<Location, 'name' | 'municipality' | 'city' | 'postcode'>>(locations: readonly L[], from: { municipality?: string | null; postcode?: string | null }): L[] {
  const home = area(from.postcode);
  const own = (l: L) => (from.municipality ? (l.municipality ?? l.city) === from.municipality : false);
  const distance = (l: L) => {
    const a = area(l.postcode);
    return home === null || a === null ? Number.POSITIVE_INFINITY : Math.abs(a - home);
  };
  return locations
    .map((l, i) => ({ l, i, own: own(l) ? 0 : 1, d: distance(l) }))
    .sort((a, b) => a.own - b.own || a.d - b.d || a.i - b.i)
    .map((x) => x.l);
}
