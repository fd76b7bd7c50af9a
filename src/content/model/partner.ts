import { z } from 'zod';
import { markdownSchema, optional, recordFields, relationFields, requiredText, slugSchema, webUrlSchema } from './common';
import { mediaSchema } from './media';

const partnerFields = {
  name: requiredText,
  slug: slugSchema,
  url: optional(webUrlSchema),
  logo: optional(mediaSchema),
  /** The logo's text on this page's language (see image-alt.ts); kept where a block inlines the partner. */
  logoAlt: optional(z.string()),
  description: optional(markdownSchema),
};

export const partnerSchema = z.looseObject({ ...recordFields, ...partnerFields });
export type Partner = z.infer<typeof partnerSchema>;

/** A partner as a block's relation inlines it. */
export const partnerRefSchema = z.looseObject({ ...relationFields, ...partnerFields });
export type PartnerRef = z.infer<typeof partnerRefSchema>;
