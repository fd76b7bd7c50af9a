import qs from 'qs';

/** Spec section 9: depth 5, array limit 20, parameter limit 1000. Anything past the limits
 * is dropped by qs, never an error. */
export const QUERY_LIMITS = { depth: 5, arrayLimit: 20, parameterLimit: 1000 } as const;

export function parseQuery(str: string): Record<string, unknown> {
  return qs.parse(str, { ...QUERY_LIMITS, allowPrototypes: false, strictDepth: false, throwOnLimitExceeded: false });
}
