import { z } from 'zod';
import { optional } from './common';
import { mediaSchema } from './media';

export const seoSchema = z.looseObject({
  id: z.number().int().optional(),
  metaTitle: optional(z.string()),
  metaDescription: optional(z.string()),
  shareImage: optional(mediaSchema),
  /** Keeps thank-you and status pages out of search engines and the sitemap. */
  noIndex: optional(z.boolean()),
});
export type Seo = z.infer<typeof seoSchema>;
