// A map of a growing number of groups stays a map: up to MAP_PINS_MAX groups each get a pin; past
// that, one pin per place (the groups of a town together), and past that again one pin per
// region. A pin of several groups links to the region's page, where every group is listed. The
// number of pins is bounded by the country's towns and regions, never by the content, so the
// pin layout (which compares every pair of pins) and the page stay the same size as the site grows.
import type { Location } from '../../../content/model';

/** The most pins a map draws: 60 round targets of 28 px still sit apart on a phone's map. */
export const MAP_PINS_MAX = 60;

export type Placed = Location & { lat: number; lng: number };

/** What one pin stands for: a group, or the groups of one place or one region. */
export type MapSpot = {
  key: string;
  lat: number;
  lng: number;
  /** The groups this pin stands for (one, or the place's or region's). */
  groups: Placed[];
  /** The place or region a pin of several groups is named after. */
  name: string;
  /** The region of its groups, whose page lists them all (absent when a group has none). */
  district?: { slug: string; name: string };
};

export type MapGrouping = 'group' | 'place' | 'district';

const placeOf = (l: Location) => l.city ?? l.municipality ?? l.name;
const districtOf = (l: Location) => (l.district?.slug ? { slug: l.district.slug, name: l.district.name ?? l.district.slug } : undefined);

function spotsBy(groups: readonly Placed[], keyOf: (l: Placed) => string, nameOf: (l: Placed) => string): MapSpot[] {
  const by = new Map<string, Placed[]>();
  for (const g of groups) {
    const key = keyOf(g);
    const list = by.get(key);
    if (list) list.push(g);
    else by.set(key, [g]);
  }
  return [...by].map(([key, list]) => ({
    key,
    // The middle of its groups: where a visitor looks for the town.
    lat: list.reduce((s, g) => s + g.lat, 0) / list.length,
    lng: list.reduce((s, g) => s + g.lng, 0) / list.length,
    groups: list,
    name: nameOf(list[0]!),
    district: districtOf(list[0]!),
  }));
}

/** The pins of a map of `groups`: each group, else each place, else each region, whichever is
 * the finest that fits in `max` pins (a region's places can outnumber `max` on their own: then the
 * region). */
export function mapSpots(groups: readonly Placed[], max: number = MAP_PINS_MAX): { grouping: MapGrouping; spots: MapSpot[] } {
  if (groups.length <= max) {
    return { grouping: 'group', spots: groups.map((g) => ({ key: g.slug, lat: g.lat, lng: g.lng, groups: [g], name: g.name, district: districtOf(g) })) };
  }
  // A place is a town within its region: two towns of one name in two regions stay two pins.
  const places = spotsBy(groups, (g) => `${g.district?.slug ?? ''}/${placeOf(g)}`, placeOf);
  if (places.length <= max) return { grouping: 'place', spots: places };
  return { grouping: 'district', spots: spotsBy(groups, (g) => g.district?.slug ?? placeOf(g), (g) => g.district?.name ?? placeOf(g)) };
}
