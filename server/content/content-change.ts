// What a content event changes for visitors: decided by the content webhook (purgeFor), applied
// to the site's own caches there and to the proxy's by its cache tags (proxy-purge.ts).
export type Purge =
  | { kind: 'nothing'; reason: string }
  /** `record`: the entry's documentId, when the event named one (the pages that show it). */
  | { kind: 'collections'; targets: readonly string[]; record?: string }
  | { kind: 'file'; needles: string[] }
  | { kind: 'everything' };
