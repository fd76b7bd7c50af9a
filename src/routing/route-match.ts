// Path patterns of the route table: literal segments, `:name` for one segment and
// `:name+` (last segment only) for one or more segments joined with '/'.

export type Params = Record<string, string>;

/** The pattern's parameters in the path, or null when it does not match. Segments are
 * URL-decoded unless `decode` is false (to rebuild the same path with other literals). */
export function matchPattern(pattern: string, pathname: string, decode = true): Params | null {
  const want = split(pattern, false);
  const have = split(pathname, decode);
  const params: Params = {};
  for (let i = 0; i < want.length; i++) {
    const seg = want[i]!;
    if (seg.startsWith(':') && seg.endsWith('+')) {
      if (i !== want.length - 1) throw new Error(`${pattern}: a catch-all must be the last segment`);
      if (have.length <= i) return null;
      params[seg.slice(1, -1)] = have.slice(i).join('/');
      return params;
    }
    const value = have[i];
    if (value === undefined) return null;
    if (seg.startsWith(':')) params[seg.slice(1)] = value;
    else if (seg !== value) return null;
  }
  return have.length === want.length ? params : null;
}

/** The path a pattern stands for with these parameters (inserted as they are). */
export function fillPattern(pattern: string, params: Params): string {
  const segments = split(pattern, false).map((seg) => {
    if (!seg.startsWith(':')) return seg;
    const name = seg.endsWith('+') ? seg.slice(1, -1) : seg.slice(1);
    const value = params[name];
    if (value === undefined) throw new Error(`${pattern}: no value for ${name}`);
    return value;
  });
  return `/${segments.join('/')}`;
}

function split(path: string, decode: boolean): string[] {
  const segments = path.split('/').filter(Boolean);
  return decode ? segments.map(safeDecode) : segments;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Route rules (redirects) keyed by exact path or by a `/**` prefix pattern. */
export type RouteRule = { redirect: { to: string; statusCode: 301 | 302 | 307 | 308 } };
export type RouteRules = Record<string, RouteRule>;

/** The redirect target for a path, or null. An exact rule wins over a prefix rule; a `/**`
 * rule with a `/**` target keeps the rest of the path. */
export function applyRouteRules(rules: RouteRules, pathname: string): { to: string; statusCode: number } | null {
  const exact = rules[pathname];
  if (exact) return exact.redirect;
  let best: { prefix: string; rule: RouteRule } | null = null;
  for (const [key, rule] of Object.entries(rules)) {
    if (!key.endsWith('/**')) continue;
    const prefix = key.slice(0, -3);
    if ((pathname === prefix || pathname.startsWith(prefix + '/')) && (!best || prefix.length > best.prefix.length)) {
      best = { prefix, rule };
    }
  }
  if (!best) return null;
  const { to, statusCode } = best.rule.redirect;
  if (!to.endsWith('/**')) return { to, statusCode };
  const rest = pathname.slice(best.prefix.length);
  return { to: (to.slice(0, -3) + rest) || '/', statusCode };
}

export function isAbsoluteUrl(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}
