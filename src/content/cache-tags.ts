// Cache tags: the names a shared cache (Varnish, a CDN) files a page under, so that a publish
// purges the pages that show what changed and leaves the rest cached. The pages get them from
// what their render read (read-tags.ts); the webhook's purge names the same tags
// (server/content/proxy-purge.ts). One home for the names, so the two sides cannot drift.
//
// - `site`: every page. Purging it is a full purge.
// - `col_<collection>`: a page that read a list of a collection, a single type, a menu, or
//   a lookup that found nothing (a 404 until that slug is published). Any change in the
//   collection purges it: a newly published blog post purges the blog index.
// - `doc_<documentId>`: a page that showed that record (found by its slug), or a record or
//   file inside it (a related post, an author, an image).
// - `many`: a page that read more records than the header may name. Every purge names it, so
//   such a page is never left stale.
//
// Tags hold only letters, digits, `_` and `-` (Akamai's and Cloudflare's rules, and no regular
// expression escaping in the proxy's ban), and are space-separated in `Surrogate-Key`,
// comma-separated in `Cache-Tag`.

export const SITE_TAG = 'site';
export const MANY_TAG = 'many';

/** The most tags one answer names: Akamai takes 128, Fastly and Cloudflare about 16 KB; a
 * header of about 1.5 KB leaves the proxy's header limits (8 KB) plenty of room. */
export const MAX_TAGS = 48;

const SAFE = /^[A-Za-z0-9_-]+$/;

/** The tag of a collection (the first segment of its route: `blog-posts`, `navigation`). */
export function collectionTag(collection: string): string | null {
  return SAFE.test(collection) ? `col_${collection}` : null;
}

/** The tag of one record or file, by its documentId. */
export function recordTag(documentId: string): string | null {
  return SAFE.test(documentId) ? `doc_${documentId}` : null;
}

/** The tags an answer carries: `site` first, the collections, then the records while they fit;
 * past the cap, `many` instead of the records. */
export function capTags(tags: Iterable<string>): string[] {
  const collections: string[] = [];
  const records: string[] = [];
  for (const tag of tags) {
    if (tag.startsWith('col_')) collections.push(tag);
    else if (tag.startsWith('doc_')) records.push(tag);
  }
  const named = [SITE_TAG, ...collections.sort()];
  if (named.length + records.length <= MAX_TAGS) return [...named, ...records.sort()];
  return [...named, MANY_TAG];
}

/** The response headers that carry tags to a shared cache, flat [name, value, ...]. */
export function tagHeaders(tags: readonly string[]): string[] {
  return tags.length === 0 ? [] : ['Surrogate-Key', tags.join(' '), 'Cache-Tag', tags.join(',')];
}

/** The tags of an answer that any publish may change (the sitemap, redirects). */
export const EVERY_PUBLISH: readonly string[] = [SITE_TAG, MANY_TAG];

/** Sets the tag headers on a response being built. */
export function setTagHeaders(res: { setHeader(name: string, value: string): unknown }, tags: readonly string[]): void {
  const flat = tagHeaders(tags);
  for (let i = 0; i < flat.length; i += 2) res.setHeader(flat[i]!, flat[i + 1]!);
}
