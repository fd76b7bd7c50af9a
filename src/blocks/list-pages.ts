// Lists that grow with the years (groups, posts, vacancies, courses, people, partners) show a page
// of records at a time: a page never grows with the whole site. Every record stays reachable
// without JavaScript through plain page links (`?pagina=`).
import type { BlockRecord } from '../content/site-content';
import type { Query } from '../routing/route-types';

/** Records on one page of a list that has no limit or page size of its own: a phone's few screens. */
export const LIST_PAGE_SIZE = 24;

/** Page links shown around the current page: the first, the last, and this many on each side. */
export const PAGE_LINKS_AROUND = 2;

/** Dutch, as visitors see it in the address bar. */
export const PAGE_PARAM = 'pagina';

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/** A block that pages its own records: a list without a limit, or a team group nobody picked. */
const pages = (b: BlockRecord): boolean =>
  (b.__component === 'blocks.collection-list' && !b.limit) || (b.__component === 'blocks.team-member-items' && !(b.members && b.members.length > 0));

/** The parameter that pages the block at `index`: `pagina` for a page's first paged list,
 * `pagina2`, `pagina3`... for the next ones, so each list turns its own pages. */
export function pageParam(blocks: readonly BlockRecord[], index: number): string {
  const before = blocks.slice(0, index).filter(pages).length;
  return before === 0 ? PAGE_PARAM : `${PAGE_PARAM}${before + 1}`;
}

/** The page a query asks for (1 when it names none, or none that can be). */
export function pageFrom(query: Query, param: string = PAGE_PARAM): number {
  const value = Number(first(query[param]));
  return Number.isInteger(value) && value >= 1 && value <= 10_000 ? value : 1;
}

/** One page of records already in hand (a page past the last shows the last). */
export function pageOf<T>(items: readonly T[], page: number, size: number = LIST_PAGE_SIZE): { items: T[]; page: number; pageCount: number; total: number } {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const at = Math.min(page, pageCount);
  return { items: items.slice((at - 1) * size, at * size), page: at, pageCount, total: items.length };
}

export type PageLink = number | 'gap';

/** The page numbers a pager shows: all of them up to seven, else the first, the last and two on
 * each side of the current one, a gap where numbers are left out (1 … 4 5 6 7 8 … 84). */
export function pageLinks(page: number, pageCount: number, around: number = PAGE_LINKS_AROUND): PageLink[] {
  if (pageCount <= 2 * around + 3) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const shown = new Set([1, pageCount]);
  for (let n = page - around; n <= page + around; n++) if (n >= 1 && n <= pageCount) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: PageLink[] = [];
  sorted.forEach((n, i) => {
    const gap = i > 0 ? n - sorted[i - 1]! : 1;
    // One number left out is shown rather than a gap of one.
    if (gap === 2) out.push(n - 1);
    else if (gap > 2) out.push('gap');
    out.push(n);
  });
  return out;
}
