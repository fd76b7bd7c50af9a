// What one render read from the content service, as cache tags (cache-tags.ts). The page
// renderer runs a render inside `withReadTags`; the content client notes every answer it hands
// out (`noteRead`), cached or not, into the render it was asked for. An AsyncLocalStorage
// rather than a parameter: the reads happen deep in server components, which know nothing of
// caching, and renders running at the same time each keep their own list.
import { AsyncLocalStorage } from 'node:async_hooks';
import { collectionTag, recordTag } from './cache-tags';

const renders = new AsyncLocalStorage<Set<string>>();

/** Runs `render` with a list of its own; `readTags()` inside it returns what was read so far. */
export function withReadTags<T>(render: () => Promise<T>): Promise<T> {
  return renders.run(new Set(), render);
}

/** The tags of what the current render read; empty outside `withReadTags`. */
export function readTags(): ReadonlySet<string> {
  return renders.getStore() ?? NONE;
}

const NONE: ReadonlySet<string> = new Set();

/** Filters that find one record: such a read shows that record, not the collection. */
const LOOKUP = /(^|&)filters(\[|%5B)(slug|documentId|id)(\]|%5D)/;

/**
 * Notes one answer of `route` (`/blog-posts`, `/navigation/render/primary`) for `query` (the
 * serialised query string). A lookup by slug or id (a `filters` query) that found records is
 * tagged by their documentIds and those of the records and files inside them (a post's author,
 * its images); anything else (a list, a single type, a menu, a lookup that found nothing or
 * records without documentIds) by its collection, which any change in it purges.
 */
export function noteRead(route: string, query: string, data: unknown): void {
  const tags = renders.getStore();
  if (!tags) return;
  const found = LOOKUP.test(query) && Array.isArray(data) && data.length > 0 && data.every(hasDocumentId);
  if (!found) {
    const tag = collectionTag(decodeURIComponent(route.split('/')[1] ?? ''));
    if (tag) tags.add(tag);
    return;
  }
  for (const id of documentIdsOf(data)) {
    const tag = recordTag(id);
    if (tag) tags.add(tag);
  }
}

/** Cached answers are frozen and shared: their documentIds are found once per answer. */
const idsOfAnswer = new WeakMap<object, readonly string[]>();

function documentIdsOf(data: object): readonly string[] {
  const known = idsOfAnswer.get(data);
  if (known) return known;
  const ids = new Set<string>();
  collect(data, (id) => ids.add(id));
  const all = [...ids];
  if (Object.isFrozen(data)) idsOfAnswer.set(data, all);
  return all;
}

function collect(value: unknown, add: (id: string) => void): void {
  if (Array.isArray(value)) return value.forEach((v) => collect(v, add));
  if (typeof value !== 'object' || value === null) return;
  if (hasDocumentId(value)) add(value.documentId);
  for (const v of Object.values(value)) collect(v, add);
}

function hasDocumentId(value: unknown): value is { documentId: string } {
  return typeof value === 'object' && value !== null && typeof (value as { documentId?: unknown }).documentId === 'string';
}
