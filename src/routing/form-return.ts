// Where a form's answer takes a visitor without JavaScript: back to the page the form was on, as
// the visitor left it. The path (a path of this site only: forms/return-path.ts) and the query
// parameters that decide what the page shows around the form: the find-a-group search, whose
// outcome holds its own keep-me-posted form, and the keep-me-posted variant a link asked for.
// So the thank-you, or the form again with its errors, shows where the form was, as it does with
// JavaScript. Nothing else the visitor sent travels along.
import { safeReturnPath } from '../forms/return-path';

/** The parameters a form's page keeps through a post (each is one of PAGE_QUERY_PARAMS). */
export const FORM_RETURN_PARAMS = ['age', 'postcode', 'municipality', 'bijhouden'] as const;
const MAX_VALUE_LENGTH = 100;

export type FormReturn = { path: string; query: Record<string, string> };

function kept(read: (name: string) => unknown): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of FORM_RETURN_PARAMS) {
    const value = read(name);
    if (typeof value === 'string' && value !== '' && value.length <= MAX_VALUE_LENGTH) query[name] = value;
  }
  return query;
}

const withQuery = (path: string, query: Record<string, string>) => {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
};

/** What a form sends as its page (`_page`): the page's path and the parameters it keeps. */
export function formPage(path: string, query: Readonly<Record<string, unknown>>): string {
  return withQuery(path, kept((name) => query[name]));
}

/** The page a post goes back to, from its `_page`: never another site, only the kept parameters. */
export function formReturn(page: unknown): FormReturn {
  const path = safeReturnPath(page);
  let params = new URLSearchParams();
  try {
    if (typeof page === 'string') params = new URL(page, 'http://x').searchParams;
  } catch {
    // A page that is no address keeps nothing.
  }
  return { path, query: kept((name) => params.get(name) ?? undefined) };
}

/** The address of that page with `extra` parameters (a form's success state) and a fragment. */
export function formReturnHref(page: unknown, extra: Record<string, string>, fragment?: string): string {
  const { path, query } = formReturn(page);
  return `${withQuery(path, { ...query, ...extra })}${fragment ? `#${fragment}` : ''}`;
}
