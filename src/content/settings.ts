import { z } from 'zod';

/**
 * Settings of the content client. Server-only: the token and the webhook secret must never
 * reach a browser bundle, which is why this lives in `src/content/` and not in public config.
 */
const versionSchema = z.enum(['v3', 'v4', 'v5']);

/** The content cache holds the last good answer of every record the site shows, which is what
 * pages are rendered from during an outage: bounded by bytes (CONTENT_CACHE_MB), never by a count
 * a growing site outgrows (500 answers were 1,368 short at ten times today's content). */
export const CONTENT_CACHE_BYTES = 256 * 1024 * 1024;
export const CONTENT_CACHE_MAX_ENTRIES = 200_000;

const cacheSchema = z.object({
  /** How long an answer counts as fresh; after that it is served stale while one refresh runs. */
  ttlMs: z.number().int().nonnegative().default(60_000),
  /** A bound on the number of answers against a flood of tiny ones; the size below is the real bound. */
  maxEntries: z.number().int().positive().default(CONTENT_CACHE_MAX_ENTRIES),
  /** Measured as the JSON length of the cached answers, a cheap stand-in for memory use. */
  maxSizeBytes: z.number().int().positive().default(CONTENT_CACHE_BYTES),
});

export const contentSettingsSchema = z
  .object({
    /** Absent: the committed snapshot answers instead of a running content service. */
    url: z.url({ protocol: /^https?$/ }).optional(),
    /** Defaults per version: `/api` for v4 and v5, empty for v3. */
    prefix: z.string().optional(),
    version: versionSchema.default('v5'),
    token: z.string().min(1).optional(),
    timeoutMs: z.number().int().positive().default(5000),
    cache: cacheSchema.default({ ttlMs: 60_000, maxEntries: CONTENT_CACHE_MAX_ENTRIES, maxSizeBytes: CONTENT_CACHE_BYTES }),
    /** Public config flag: whether menus go through the cache. */
    cacheMenus: z.boolean().default(true),
    webhookSecret: z.string().min(1).optional(),
    /** Calls fail at once after `after` failures in a row, for `forMs` (doubling while the
     * probes fail); see breaker.ts. */
    failFast: z.object({ after: z.number().int().positive().default(3), forMs: z.number().int().positive().default(5_000) }).default({ after: 3, forMs: 5_000 }),
  })
  .transform((s) => ({
    ...s,
    url: s.url?.replace(/\/+$/, ''),
    prefix: normalisePrefix(s.prefix ?? (s.version === 'v3' ? '' : '/api')),
  }));

export type ContentVersion = z.infer<typeof versionSchema>;
export type ContentSettingsInput = z.input<typeof contentSettingsSchema>;
export type ContentSettings = z.output<typeof contentSettingsSchema>;

/** Throws a ZodError naming every wrong field; meant to run once at startup. */
export function parseContentSettings(input: ContentSettingsInput = {}): ContentSettings {
  return contentSettingsSchema.parse(input);
}

function normalisePrefix(prefix: string): string {
  const trimmed = prefix.trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `/${trimmed}`;
}
