// Dutch postcodes: four digits (never starting with 0), an optional space, two letters.
// PostNL never hands out the letter pairs SA, SD and SS (they recall the Nazi era).
// The one place that knows this: forms, content checks, the search and the test all ask here.

const AREA = /^[1-9][0-9]{3}$/;
const POSTCODE = /^([1-9][0-9]{3}) ?(?!sa|sd|ss)([a-z]{2})$/i;

function match(value: string): RegExpExecArray | null {
  return POSTCODE.exec(value.trim());
}

export function isValidPostcode(value: unknown): boolean {
  return typeof value === 'string' && match(value) !== null;
}

/** `1234ab` and ` 1234 AB ` become `1234 AB`; anything else gives undefined. */
export function normalisePostcode(value: string): string | undefined {
  const found = match(value);
  if (!found) return undefined;
  return `${found[1]} ${found[2]?.toUpperCase()}`;
}

/** The four digits: what the search matches on and all the test stores (anonymity). */
export function postcodeArea(value: string): string | undefined {
  return match(value)?.[1];
}

/** The four digits alone, as a municipality lists the areas it covers. */
export function isPostcodeArea(value: string): boolean {
  return AREA.test(value);
}
