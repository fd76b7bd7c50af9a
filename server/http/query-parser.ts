import qs from 'qs';

/** Query strings nest at most 5 deep, with at most 20 array items and 1000 parameters.
 * Anything past the limits is dropped by qs, never an error. */
export const QUERY_LIMITS = { depth: 5, arrayLimit: 20, parameterLimit: 1000 } as const;

export function parseQuery(str: string): Record<string, unknown> {
  return qs.parse(str, { ...QUERY_LIMITS, allowPrototypes: false, strictDepth: false, throwOnLimitExceeded: false });
}
