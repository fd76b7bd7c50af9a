import { z } from 'zod';
import { buttonSchema } from '../button';
import { helpLineSchema } from '../help-line';
import { markdownSchema, optional, requiredText, webUrlSchema } from '../common';
import { mediaSchema } from '../media';
import { block } from './block';

/** Blocks that ask the visitor to do something, or help them. */

export const formNames = [
  'contact',
  'vacancy-application',
  'course-information',
  'start-location',
  'sign-up',
  'keep-me-posted',
  'find-location',
  'donation',
  'loneliness-test',
] as const;
export const formNameSchema = z.enum(formNames);
export type FormName = z.infer<typeof formNameSchema>;

/** Keep-me-posted says why the visitor is waiting; the other forms ignore it. */
export const keepMePostedVariants = ['prefer-real-life', 'no-location', 'too-young'] as const;

export const formBlockSchema = block('blocks.form', {
  title: optional(z.string()),
  intro: optional(markdownSchema),
  form: formNameSchema,
  variant: optional(z.enum(keepMePostedVariants)),
  submitLabel: optional(z.string()),
  successTitle: optional(z.string()),
  successBody: optional(markdownSchema),
});

/** What a donor who returns from paying can be shown: the one home of the donation states. The
 * server decides one (src/routing/donation-view.ts), the content gives each a text, Strapi's
 * donation-state component lists the same (test/cms/donation-states.test.ts). */
export const donationStates = ['paid', 'pending', 'failed', 'not-found'] as const;
export type DonationState = (typeof donationStates)[number];

/** The page a donor returns to after paying; one text per payment state. */
export const donationStatusBlockSchema = block('blocks.donation-status', {
  states: z
    .array(
      z.looseObject({
        id: z.number().int().optional(),
        status: z.enum(donationStates),
        title: requiredText,
        body: markdownSchema,
      }),
    )
    .min(1),
});

export const socialPlatforms = ['instagram', 'tiktok', 'facebook', 'linkedin'] as const;

/** A look at life in the groups, with posts from the foundation's social accounts. */
export const socialLifeBlockSchema = block('blocks.social-life', {
  title: requiredText,
  body: optional(markdownSchema),
  posts: optional(
    z.array(
      z.looseObject({
        id: z.number().int().optional(),
        platform: z.enum(socialPlatforms),
        url: webUrlSchema,
        caption: optional(z.string()),
        image: mediaSchema,
      }),
    ),
  ),
  /** Adds the four social links of the global settings. */
  showSocialLinks: optional(z.boolean()),
});

/** Where to get help right now; shown wherever someone may be having a hard time. */
export const supportBlockSchema = block('blocks.support', {
  title: requiredText,
  body: optional(markdownSchema),
  contacts: z.array(helpLineSchema).min(1),
});

/** Ways to support the foundation: give, volunteer, partner. */
export const supportOurMissionBlockSchema = block('blocks.support-our-mission', {
  title: requiredText,
  body: optional(markdownSchema),
  image: optional(mediaSchema),
  options: z
    .array(
      z.looseObject({
        id: z.number().int().optional(),
        title: requiredText,
        body: optional(markdownSchema),
        button: optional(buttonSchema),
      }),
    )
    .min(1),
});

/**
 * Where the test's outcome appears. The advice itself comes from the loneliness-test single
 * type, so editors write it once.
 */
export const testResultBlockSchema = block('blocks.test-result', {
  title: optional(z.string()),
  /** "Dit is een indicatie, geen diagnose." Always shown with the result. */
  disclaimer: markdownSchema,
  showNearestGroup: optional(z.boolean()),
  showHelp: optional(z.boolean()),
  retakeLabel: optional(z.string()),
});
