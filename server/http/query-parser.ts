import qs from 'qs';

/** Query strings nest at most 5 deep, with at most 20 array items and 1000 parameters.
 * Anything past the limits is dropped by qs, never an error. */
export const QUERY_LIMITS = { depth: 5, arrayLimit: 20, parameterLimit: 1000 } as const;

/** A query of plain `name=value` pairs: unreserved characters only (nothing to decode, no
 * brackets to nest), at most 20 of them. The common query (a search, the Flight marker). */
const PLAIN_QUERY = /^[A-Za-z0-9._~-]+(=[A-Za-z0-9._~-]*)?(&[A-Za-z0-9._~-]+(=[A-Za-z0-9._~-]*)?){0,19}$/;

/** Every request with a query is parsed (Express's `req.query`, the render-cache fast path's
 * key), and qs costs about 20 µs for `?_rsc=1`. A plain query is read directly into what qs
 * gives for it; anything else (percent-encoding, `+`, brackets, a name repeated, a name of
 * Object.prototype that qs drops) goes to qs. test/server/http/query-parser.test.ts holds the
 * two equal. */
export function parseQuery(str: string | null | undefined): Record<string, unknown> {
  // Express asks with null for an address without a query.
  if (typeof str === 'string' && PLAIN_QUERY.test(str)) {
    const query: Record<string, string> = {};
    let plain = true;
    for (const pair of str.split('&')) {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      // `in` sees the prototype chain too: a repeated name and one of Object.prototype's both go to qs.
      if (name in query) {
        plain = false;
        break;
      }
      query[name] = eq === -1 ? '' : pair.slice(eq + 1);
    }
    if (plain) return query;
  }
  return qs.parse(str as string, { ...QUERY_LIMITS, allowPrototypes: false, strictDepth: false, throwOnLimitExceeded: false });
}
