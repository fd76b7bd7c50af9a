// Every path a page links to, from its row in the path table: `pathTo('locatie-slug', 'en',
// { slug })` is `/en/locatie/{slug}`. A view or the server never types a page's path by hand,
// so a row's path changes in one place and English pages lead to English paths.
import { localePath, type Locale } from '../i18n/locale';
import { localePattern, PATH_TABLE, type PathRow, type RouteName, type RowNamed } from './path-table';
import { fillPattern } from './route-match';

type BareName<S extends string> = S extends `${infer Name}+` ? Name : S;
/** The parameter names of a pattern: `/locatie/:slug` has `slug`. */
type ParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? BareName<Name> | ParamNames<`/${Tail}`>
    : BareName<Rest>
  : never;

/** The parameters a row's pattern needs: exactly its own, all of them. */
export type PathParams<N extends RouteName> = Record<ParamNames<RowNamed<N>['path']>, string>;
/** The rows whose pattern has no parameters: a fixed path. */
export type FixedRouteName = { [N in RouteName]: [ParamNames<RowNamed<N>['path']>] extends [never] ? N : never }[RouteName];
/** Query parameters of a link; an undefined value is left out. */
export type PathQuery = Record<string, string | undefined>;

type ParamArgs<N extends RouteName> = [ParamNames<RowNamed<N>['path']>] extends [never]
  ? [params?: undefined, query?: PathQuery]
  : [params: PathParams<N>, query?: PathQuery];

const ROWS: readonly PathRow[] = PATH_TABLE;

/** The full path of a row's page in this language: its English pattern for English (else the
 * Dutch pattern under /en), each parameter URL-encoded (a catch-all's segments one by one),
 * then the query. Throws on a parameter the pattern does not have or lacks. */
export function pathTo<N extends RouteName>(name: N, locale: Locale, ...[params, query]: ParamArgs<N>): string {
  const row = ROWS.find((r) => r.name === name);
  if (!row) throw new Error(`pathTo: no route named ${name}`);
  const pattern = localePattern(row, locale);
  const given: Record<string, string> = params ?? {};
  const slots = pattern.split('/').filter((seg) => seg.startsWith(':'));
  const encoded: Record<string, string> = {};
  for (const [key, value] of Object.entries(given)) {
    if (slots.includes(`:${key}`)) encoded[key] = encodeURIComponent(value);
    else if (slots.includes(`:${key}+`)) encoded[key] = value.split('/').map(encodeURIComponent).join('/');
    else throw new Error(`pathTo: ${pattern} has no parameter ${key}`);
  }
  const path = localePath(locale, fillPattern(pattern, encoded));
  const search = new URLSearchParams(Object.entries(query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
  return search ? `${path}?${search}` : path;
}
