// The query behind a collection list, shared by the list and by the pagination block below
// it: both ask the content service the same question (the content cache answers the second
// from the first), so the page numbers always match the list.
import { blogCategories, type BlogCategory } from '../content/model/blog-post';
import type { BlockOf, ListableCollection } from '../content/model';
import type { BlockRecord, ListOptions } from '../content/site-content';
import type { Query } from '../routing/route-types';
import { localePath } from '../i18n/locale';
import type { BlockContext } from './block-context';
import { LIST_PAGE_SIZE, PAGE_PARAM, pageFrom, pageParam } from './list-pages';

/** Dutch parameter names, as visitors see them in the address bar. */
export const CATEGORY_PARAM = 'categorie';
export { PAGE_PARAM };

const SORT: Record<ListableCollection, string[]> = {
  'blog-posts': ['publishedDate:desc', 'title:asc'],
  courses: ['title:asc'],
  vacancies: ['closingDate:asc', 'title:asc'],
  locations: ['name:asc'],
  partners: ['name:asc'],
  'team-members': ['order:asc', 'name:asc'],
  events: ['startsAt:desc'],
};

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);

export function categoryFromQuery(query: Query): BlogCategory | null {
  const value = first(query[CATEGORY_PARAM]);
  return typeof value === 'string' && (blogCategories as readonly string[]).includes(value) ? (value as BlogCategory) : null;
}

export function pageFromQuery(query: Query): number {
  return pageFrom(query, PAGE_PARAM);
}

type ListBlock = BlockOf<'blocks.collection-list'>;

/** The pagination block that splits this list: the next one before another list starts. */
export function paginationAfter(blocks: readonly BlockRecord[], index: number): BlockOf<'blocks.pagination'> | null {
  for (const block of blocks.slice(index + 1)) {
    if (block.__component === 'blocks.collection-list') return null;
    if (block.__component === 'blocks.pagination') return block;
  }
  return null;
}

/** The list a pagination block belongs to: the nearest collection list above it. */
export function listBefore(blocks: readonly BlockRecord[], index: number): { block: ListBlock; index: number } | null {
  for (let i = index - 1; i >= 0; i--) {
    const block = blocks[i];
    if (block?.__component === 'blocks.collection-list') return { block, index: i };
  }
  return null;
}

const hasFilterBar = (blocks: readonly BlockRecord[]) => blocks.some((b) => b.__component === 'blocks.blog-filter-bar');

/** The partners a page puts in the spotlight (a partner-item block, with their logo): a list of
 * partners on the same page leaves them out, so no logo shows twice on one page. */
const spotlitPartners = (blocks: readonly BlockRecord[]): string[] =>
  blocks.flatMap((b) => (b.__component === 'blocks.partner-item' && b.partner?.slug ? [b.partner.slug] : []));

export function listRequest(block: ListBlock, ctx: BlockContext, blocks: readonly BlockRecord[], index: number): ListOptions {
  const filters: Record<string, unknown> = {};
  const f = block.filter;
  const category = block.collection === 'blog-posts' && hasFilterBar(blocks) ? categoryFromQuery(ctx.query) : null;
  if (block.collection === 'blog-posts' && (category ?? f?.category)) filters.category = { $eq: category ?? f?.category };
  if (block.collection === 'team-members' && f?.group) filters.group = { $eq: f.group };
  if (block.collection === 'locations' && f?.mode) filters.mode = { $eq: f.mode };
  if (block.collection === 'locations' && f?.district) filters.district = { slug: { $eq: f.district } };
  if (block.collection === 'events' && f?.event) filters.slug = { $eq: f.event };
  if (block.collection === 'partners') {
    const spotlit = spotlitPartners(blocks);
    if (spotlit.length > 0) filters.slug = { $notIn: spotlit };
  }
  const pagination = paginationAfter(blocks, index);
  // A list with a limit shows that many; any other turns pages: the editor's page size, or ours.
  return {
    locale: ctx.locale,
    filters,
    sort: SORT[block.collection],
    page: block.limit && !pagination ? 1 : pageFrom(ctx.query, pageParam(blocks, index)),
    pageSize: pagination?.pageSize ?? block.limit ?? LIST_PAGE_SIZE,
  };
}

/** Whether the list shows its own page links: no pagination block after it, no limit of its own
 * (a list never shows every record at once, which would grow with the whole site). */
export function pagesItself(block: ListBlock, blocks: readonly BlockRecord[], index: number): boolean {
  return !paginationAfter(blocks, index) && !block.limit;
}

/** The list page's own address with other parameters changed; `null` removes one. */
export function hrefWith(ctx: BlockContext, changes: Record<string, string | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(ctx.query)) {
    const v = first(value);
    if (typeof v === 'string' && !key.startsWith('_') && key !== 'debug') params.set(key, v);
  }
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const base = localePath(ctx.locale, ctx.pathname);
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}
