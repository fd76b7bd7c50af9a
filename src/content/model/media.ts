import { z } from 'zod';
import { optional, relationFields } from './common';

/**
 * An uploaded file as Strapi's upload plugin answers it (populated media field). Strapi adds
 * more (formats, hash, provider...); they pass through untouched.
 */
export const mediaSchema = z.looseObject({
  ...relationFields,
  name: optional(z.string()),
  /** `/uploads/<file>` on the content service (or a CDN address). */
  url: z.string().regex(/^(?:\/uploads\/|https?:\/\/)/, 'media url: /uploads/... or http(s)'),
  alternativeText: optional(z.string()),
  /** Set when the text is the file's own (Dutch) and the record was read in another language
   * (image-alt.ts): the image then says its text is Dutch. */
  alternativeTextLocale: optional(z.string()),
  caption: optional(z.string()),
  /** Null for files Strapi cannot measure; the embedded snapshot always sets them. */
  width: optional(z.number().int().positive()),
  height: optional(z.number().int().positive()),
  mime: optional(z.string()),
});
export type Media = z.infer<typeof mediaSchema>;
