import { z } from 'zod';
import { markdownSchema, optional, recordFields, requiredText } from './common';
import { helpLineSchema } from './help-line';

/**
 * De Jong Gierveld loneliness scale, 11 items. Scoring depends on each item's polarity, so the
 * schema pins it to the published manual: an editor may reword an item, never flip it.
 */
export const NEGATIVE_ITEMS = [2, 3, 5, 6, 9, 10] as const; // emotional loneliness
export const POSITIVE_ITEMS = [1, 4, 7, 8, 11] as const; // social loneliness
export const ITEM_COUNT = 11;

export const lonelinessBands = ['not-lonely', 'moderately-lonely', 'severely-lonely', 'very-severely-lonely'] as const;
export type LonelinessBand = (typeof lonelinessBands)[number];
/** Inclusive score ranges per band, from the manual. */
export const bandRanges: Record<LonelinessBand, readonly [number, number]> = {
  'not-lonely': [0, 2],
  'moderately-lonely': [3, 8],
  'severely-lonely': [9, 10],
  'very-severely-lonely': [11, 11],
};

export const polaritySchema = z.enum(['positive', 'negative']);
export type Polarity = z.infer<typeof polaritySchema>;

export const expectedPolarity = (itemNumber: number): Polarity =>
  (NEGATIVE_ITEMS as readonly number[]).includes(itemNumber) ? 'negative' : 'positive';

export const testItemSchema = z
  .looseObject({
    id: z.number().int().optional(),
    number: z.number().int().min(1).max(ITEM_COUNT),
    text: requiredText,
    polarity: polaritySchema,
  })
  .refine((item) => item.polarity === expectedPolarity(item.number), {
    message: 'polarity differs from the De Jong Gierveld manual',
    path: ['polarity'],
  });
export type TestItem = z.infer<typeof testItemSchema>;

export const adviceSchema = z.looseObject({
  id: z.number().int().optional(),
  band: z.enum(lonelinessBands),
  title: requiredText,
  body: markdownSchema,
});
export type Advice = z.infer<typeof adviceSchema>;

const eachOnce = <T>(values: T[], expected: readonly T[]) =>
  values.length === expected.length && expected.every((v) => values.includes(v));

/** Texts of the test (Strapi single type `loneliness-test`). */
export const lonelinessTestSchema = z
  .looseObject({
    ...recordFields,
    title: requiredText,
    intro: markdownSchema,
    /** The three answers, in the order ja, min of meer, nee. */
    answers: z.looseObject({ yes: requiredText, moreOrLess: requiredText, no: requiredText }),
    items: z.array(testItemSchema).length(ITEM_COUNT),
    advice: z.array(adviceSchema).length(lonelinessBands.length),
    /** "Een indicatie, geen diagnose." */
    disclaimer: markdownSchema,
    helpTitle: requiredText,
    helpIntro: optional(markdownSchema),
    helpLines: z.array(helpLineSchema).min(1),
    /** Asked before storing answers, anonymously. */
    consentLabel: requiredText,
    /** A separate, optional permission. */
    researchLabel: requiredText,
    /** Says the address is used only to send this one mail. */
    emailNote: optional(z.string()),
  })
  .refine((t) => eachOnce(t.items.map((i) => i.number), Array.from({ length: ITEM_COUNT }, (_, i) => i + 1)), {
    message: 'items must be numbered 1 to 11, each once',
    path: ['items'],
  })
  .refine((t) => eachOnce(t.advice.map((a) => a.band), lonelinessBands), {
    message: 'one advice per band',
    path: ['advice'],
  });
export type LonelinessTest = z.infer<typeof lonelinessTestSchema>;
