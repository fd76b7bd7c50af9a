/**
 * "Find a group": the same rule as the site's src/content/q42-search.ts, which answers these
 * routes from the embedded snapshot; both must give the same JSON for the same query.
 *
 * Order of the rules, first match wins:
 * 1. age < 12 → `too-young`; age > 30 → `too-old` (the postcode does not matter then).
 * 2. postcode not Dutch (four digits not starting with 0, optional space, two letters, never
 *    SA, SD or SS) → `invalid-postcode`, `zipcode` echoed as given.
 * 3. no district owns the postcode's four digits → `not-found`, reason `no-district`.
 * 4. the district has no in-real-life location whose age range holds the age → `not-found`,
 *    reason `no-location-for-age`, with the district and all its in-real-life locations.
 * 5. otherwise `found`: the district, the municipality, and the fitting locations.
 * `onlineEligible` (18 to 30, the online group) is set in every answer.
 * An age that is not a whole number from 0 to 120 is a 400 ValidationError instead.
 */
export const AGE_INPUT_MAX = 120;
export const PARTICIPANT_MIN_AGE = 12;
export const PARTICIPANT_MAX_AGE = 30;
export const ONLINE_MIN_AGE = 18;

type Rec = Record<string, unknown>;
export type District = Rec & { id: number; name: string; slug: string; municipalities?: Array<{ name: string; postcodeAreas?: string[] | null }> | null };
export type Location = Rec & { district?: { slug?: string | null; id?: number } | null; minAge: number; maxAge: number; mode: string };

const POSTCODE = /^([1-9][0-9]{3}) ?(?!sa|sd|ss)([a-z]{2})$/i;

export function normalisePostcode(value: string): string | undefined {
  const found = POSTCODE.exec(value.trim());
  return found ? `${found[1]} ${found[2].toUpperCase()}` : undefined;
}

export function parseAge(input: unknown): number | null {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  if (!/^\d{1,3}$/.test(text)) return null;
  const age = Number(text);
  return age <= AGE_INPUT_MAX ? age : null;
}

/** Strict slug form of a name, as districts derive theirs. */
export function toSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const isOnlineAge = (age: number) => age >= ONLINE_MIN_AGE && age <= PARTICIPANT_MAX_AGE;

function belongsTo(location: Location, district: District): boolean {
  const owner = location.district;
  if (!owner) return false;
  return owner.slug ? owner.slug === district.slug : owner.id === district.id;
}

export function searchLocations(input: { zipcode: string; age: number; districts: District[]; locations: Location[] }): Rec {
  const { age } = input;
  const base = { zipcode: input.zipcode, age, onlineEligible: isOnlineAge(age) };
  if (age < PARTICIPANT_MIN_AGE) return { ...base, status: 'too-young', locations: [] };
  if (age > PARTICIPANT_MAX_AGE) return { ...base, status: 'too-old', locations: [] };

  const zipcode = normalisePostcode(input.zipcode);
  if (!zipcode) return { ...base, status: 'invalid-postcode', locations: [] };
  const area = zipcode.slice(0, 4);

  for (const district of input.districts) {
    const municipality = district.municipalities?.find((m) => m.postcodeAreas?.includes(area));
    if (!municipality) continue;
    const inDistrict = input.locations.filter((l) => l.mode === 'in-real-life' && belongsTo(l, district));
    const fitting = inDistrict.filter((l) => l.minAge <= age && age <= l.maxAge);
    const found = {
      ...base,
      zipcode,
      district: { id: district.id, name: district.name, slug: district.slug },
      municipality: municipality.name,
    };
    return fitting.length > 0
      ? { ...found, status: 'found', locations: fitting }
      : { ...found, status: 'not-found', reason: 'no-location-for-age', locations: inDistrict };
  }
  return { ...base, zipcode, status: 'not-found', reason: 'no-district', locations: [] };
}
