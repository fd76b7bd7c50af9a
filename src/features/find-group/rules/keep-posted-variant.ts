// Which keep-me-posted form a page shows: no group near the visitor, too young for the groups,
// or (next to the online group) rather a group in real life. A link can ask for one
// (`?bijhouden=prefers-real-life`); the content names its own with a slightly other spelling.
import { searchQuery } from './search';

export type KeepPostedVariant = 'no-location' | 'too-young' | 'prefers-real-life';

const KEEP_POSTED_PARAM = 'bijhouden';

type QueryLike = Readonly<Record<string, unknown>>;

/** The variant a link asked for (`?bijhouden=prefers-real-life`). */
export function askedVariant(query: QueryLike): KeepPostedVariant | null {
  const v = query[KEEP_POSTED_PARAM];
  return v === 'no-location' || v === 'too-young' || v === 'prefers-real-life' ? v : null;
}

/** The variant a content record or kept form value names (`prefer-real-life` in the content). */
export function variantFromContent(v: string | null | undefined): KeepPostedVariant | null {
  if (v === 'prefer-real-life' || v === 'prefers-real-life') return 'prefers-real-life';
  return v === 'no-location' || v === 'too-young' ? v : null;
}

/** A search's outcome carries its own keep-me-posted form (in the variant a link asked for), so
 * the page's block steps aside: one such form per page, its ids unique. */
export function keepMePostedStepsAside({ query }: { query: QueryLike }): boolean {
  return searchQuery(query) !== null;
}
