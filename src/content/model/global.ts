import { z } from 'zod';
import { linkSchema, markdownSchema, optional, recordFields, requiredText, webUrlSchema } from './common';
import { seoSchema } from './seo';

export const socialLinksSchema = z.looseObject({
  id: z.number().int().optional(),
  facebook: optional(webUrlSchema),
  tiktok: optional(webUrlSchema),
  instagram: optional(webUrlSchema),
  linkedin: optional(webUrlSchema),
});
export type SocialLinks = z.infer<typeof socialLinksSchema>;

/** One person of the foundation's board, as an ANBI publishes it. */
export const boardMemberSchema = z.looseObject({
  id: z.number().int().optional(),
  name: requiredText,
  /** "voorzitter", "penningmeester", ... */
  role: optional(z.string()),
});
export type BoardMember = z.infer<typeof boardMemberSchema>;

/** Site-wide settings (Strapi single type `global`): header, footer and fallbacks, and the
 * foundation's own facts (contact, ANBI). Every fact is optional and shown only when set: the
 * site never makes one up. */
export const globalSettingsSchema = z.looseObject({
  ...recordFields,
  siteName: optional(z.string()),
  /** As shown; the footer's "Bel ons" link dials it with spaces and dashes removed. */
  phone: optional(z.string()),
  email: optional(z.email()),
  socials: optional(socialLinksSchema),
  /** The external dashboard for signed-in youth workers (header user icon). */
  dashboardUrl: optional(webUrlSchema),
  /** Postal address, one line per line. */
  address: optional(z.string()),
  /** The foundation's registered name, as an ANBI publishes it ("Stichting Join Us"). */
  legalName: optional(z.string()),
  kvk: optional(z.string().regex(/^[0-9]{8}$/, 'kvk: eight digits')),
  /** The tax number (RSIN/fiscaal nummer) an ANBI publishes. */
  rsin: optional(z.string().regex(/^[0-9]{9}$/, 'rsin: nine digits')),
  /** The account for transfers; shown only when its check digits hold (the donations feature checks them). */
  iban: optional(z.string()),
  /** In whose name the account is ("Stichting Join Us"). */
  accountHolder: optional(z.string()),
  anbi: optional(markdownSchema),
  /** The board's members (names and roles), as an ANBI publishes them. */
  board: optional(z.array(boardMemberSchema)),
  /** The policy plan an ANBI publishes: a file or page. */
  policyPlanUrl: optional(linkSchema),
  footerText: optional(markdownSchema),
  /** Used where a page has no SEO fields of its own. */
  defaultSeo: optional(seoSchema),
});
export type GlobalSettings = z.infer<typeof globalSettingsSchema>;
