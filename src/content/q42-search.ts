/**
 * `GET /q42/search?zipcode={zipcode}&age={age}`: the "find a group" answer. A custom route of
 * the content service; this file defines its shape and holds the rule, so the snapshot, the
 * content service's route and the site's own checks agree.
 *
 * Answer `{ data: SearchAnswer }`; an age that is not a whole number from 0 to 120 is a
 * 400 `ValidationError` instead (the form's own bounds), see {@link parseAge}.
 *
 * Order of the rules, first match wins:
 * 1. age < 12 → `too-young`; age > 30 → `too-old` (the postcode does not matter then).
 * 2. postcode not Dutch (four digits not starting with 0, optional space, two letters, never
 *    SA, SD or SS) → `invalid-postcode`, `zipcode` echoed as given.
 * 3. no district owns the postcode's four digits → `not-found`, reason `no-district`.
 * 4. the district has no in-real-life location whose age range holds the age → `not-found`,
 *    reason `no-location-for-age`, with the district and all its in-real-life locations so the
 *    page can show their ranges.
 * 5. otherwise `found`: the district, the municipality, and the fitting locations.
 * `onlineEligible` (18 to 30, the online group) is set in every answer.
 */
import { AGE_INPUT_MAX, isOnlineAge, PARTICIPANT_MAX_AGE, PARTICIPANT_MIN_AGE } from '../forms/age-limits';
import { normalisePostcode } from '../forms/postcode';

export type SearchStatus = 'found' | 'not-found' | 'too-young' | 'too-old' | 'invalid-postcode';

export type SearchAnswer<L = SearchLocation> = {
  status: SearchStatus;
  /** Normalised to `1234 AB` when valid, else as given. */
  zipcode: string;
  age: number;
  district?: { id: number | string; name: string; slug: string };
  municipality?: string;
  locations: L[];
  reason?: 'no-district' | 'no-location-for-age';
  onlineEligible: boolean;
};

export type SearchDistrict = {
  id: number | string;
  name: string;
  slug: string;
  municipalities?: ReadonlyArray<{ name: string; postcodeAreas?: readonly string[] | null }> | null;
};

export type SearchLocation = {
  district?: { slug?: string | null; id?: number | string } | null;
  minAge: number;
  maxAge: number;
  mode: 'in-real-life' | 'online';
};

/** The form's bounds (0 to 120, whole years); anything else is a bad request, not an answer. */
export function parseAge(input: unknown): number | null {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  if (!/^\d{1,3}$/.test(text)) return null;
  const age = Number(text);
  return age <= AGE_INPUT_MAX ? age : null;
}

export function searchLocations<L extends SearchLocation>(input: {
  zipcode: string;
  /** Already checked with {@link parseAge}. */
  age: number;
  districts: readonly SearchDistrict[];
  locations: readonly L[];
}): SearchAnswer<L> {
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
    const inDistrict = input.locations.filter(
      (l) => l.mode === 'in-real-life' && belongsTo(l, district),
    );
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

function belongsTo(location: SearchLocation, district: SearchDistrict): boolean {
  const owner = location.district;
  if (!owner) return false;
  return owner.slug ? owner.slug === district.slug : owner.id === district.id;
}
