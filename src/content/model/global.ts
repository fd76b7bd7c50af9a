import { z } from 'zod';
import { markdownSchema, optional, recordFields, webUrlSchema } from './common';
import { seoSchema } from './seo';

export const socialLinksSchema = z.looseObject({
  id: z.number().int().optional(),
  facebook: optional(webUrlSchema),
  tiktok: optional(webUrlSchema),
  instagram: optional(webUrlSchema),
  linkedin: optional(webUrlSchema),
});
export type SocialLinks = z.infer<typeof socialLinksSchema>;

/** Site-wide settings (Strapi single type `global`): header, footer and fallbacks. */
export const globalSettingsSchema = z.looseObject({
  ...recordFields,
  siteName: optional(z.string()),
  /** As shown; the footer's "Bel ons" link dials it with spaces and dashes removed. */
  phone: optional(z.string()),
  email: optional(z.email()),
  socials: optional(socialLinksSchema),
  /** The external dashboard for signed-in youth workers (header user icon). */
  dashboardUrl: optional(webUrlSchema),
  address: optional(z.string()),
  kvk: optional(z.string().regex(/^[0-9]{8}$/, 'kvk: eight digits')),
  /** The tax number (RSIN/fiscaal nummer) an ANBI publishes. */
  rsin: optional(z.string().regex(/^[0-9]{9}$/, 'rsin: nine digits')),
  /** The account for transfers; shown only when its check digits hold (the donations feature checks them). */
  iban: optional(z.string()),
  /** In whose name the account is ("Stichting Join Us"). */
  accountHolder: optional(z.string()),
  anbi: optional(markdownSchema),
  footerText: optional(markdownSchema),
  /** Used where a page has no SEO fields of its own. */
  defaultSeo: optional(seoSchema),
});
export type GlobalSettings = z.infer<typeof globalSettingsSchema>;
