/**
 * Bracket-style query serialiser, the format Strapi's `qs` parser reads:
 * `{ filters: { slug: { $eq: 'x' } }, populate: ['blocks'] }` becomes
 * `filters[slug][$eq]=x&populate[0]=blocks`. Same output as
 * `qs.stringify(obj, { encodeValuesOnly: true })` for the values we send; written here so
 * the client has no dependency on Express's copy of `qs`.
 */
export type QueryValue =
  | string
  | number
  | boolean
  | Date
  | null
  | undefined
  | readonly QueryValue[]
  | { readonly [key: string]: QueryValue };

export type QueryParams = { readonly [key: string]: QueryValue };

export function stringifyQuery(params: QueryParams | undefined): string {
  if (!params) return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    collect(encodeKey(key), value, pairs);
  }
  return pairs.join('&');
}

function collect(prefix: string, value: unknown, pairs: string[]): void {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return;
  if (value === null) {
    pairs.push(`${prefix}=`);
    return;
  }
  if (value instanceof Date) {
    pairs.push(`${prefix}=${encodeValue(value.toISOString())}`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => collect(`${prefix}[${index}]`, item, pairs));
    return;
  }
  if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      collect(`${prefix}[${encodeKey(key)}]`, item, pairs);
    }
    return;
  }
  pairs.push(`${prefix}=${encodeValue(String(value))}`);
}

/** RFC 3986, like qs: encodeURIComponent leaves `!'()*` alone, qs does not. */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Keys stay readable (`$eq`, `pagination[page]`) as with `encodeValuesOnly`, but characters
 * that would break the query string itself are still escaped.
 */
function encodeKey(key: string): string {
  return encodeValue(key).replace(/%24/g, '$');
}
