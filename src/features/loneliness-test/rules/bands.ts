// Score bands of the De Jong Gierveld scale (total 0 to 11), as the published manual sets them.

export const BANDS = [
  'not-lonely',
  'moderately-lonely',
  'severely-lonely',
  'very-severely-lonely',
] as const;
export type Band = (typeof BANDS)[number];

/** Inclusive total ranges; together they cover 0 to 11 without gaps or overlaps. */
export const BAND_RANGES: Readonly<Record<Band, { readonly min: number; readonly max: number }>> = {
  'not-lonely': { min: 0, max: 2 },
  'moderately-lonely': { min: 3, max: 8 },
  'severely-lonely': { min: 9, max: 10 },
  'very-severely-lonely': { min: 11, max: 11 },
};

export function bandFor(total: number): Band {
  if (!Number.isInteger(total) || total < 0 || total > 11) {
    throw new RangeError(`A loneliness total is a whole number from 0 to 11, not ${total}`);
  }
  const band = BANDS.find((name) => total <= BAND_RANGES[name].max);
  // The ranges cover 0..11, so a band is always found; the fallback only satisfies the types.
  return band ?? 'very-severely-lonely';
}

/** For the two highest bands the result page shows where to get help before anything else. */
export function showsHelpFirst(band: Band): boolean {
  return band === 'severely-lonely' || band === 'very-severely-lonely';
}
