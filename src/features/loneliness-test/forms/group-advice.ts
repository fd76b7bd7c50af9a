// The groups the result names (the nearest groups for the postcode, found by the find-a-group
// search): a small public projection of the search answer, made on the server
// (texts formatted, links made) and sent to the browser flow with the test's JSON answer,
// which reads it through this schema.
import { z } from 'zod';

/** A path on this site: one leading slash (`//host` would leave it). */
const href = z.string().regex(/^\/(?!\/)/);

/** One group: name, when and where it meets, for which ages, and where to sign up. */
export const adviceGroupSchema = z.object({ name: z.string(), slug: z.string(), when: z.string(), where: z.string(), ages: z.string(), href, signUpHref: href });
export type AdviceGroup = z.infer<typeof adviceGroupSchema>;

export const groupAdviceSchema = z.discriminatedUnion('status', [
  /** Groups in the visitor's district whose ages fit, those in their own municipality first. */
  z.object({ status: z.literal('found'), municipality: z.string(), groups: z.array(adviceGroupSchema).min(1), more: z.number().int().min(0), searchHref: href }),
  /** No group for this age (or no district at all): keep-me-posted and the region instead. */
  z.object({
    status: z.literal('not-found'),
    municipality: z.string().nullable(),
    district: z.object({ name: z.string(), href }).nullable(),
    keepPostedHref: href,
    searchHref: href,
  }),
  /** The search could not answer now: the find-a-group page can try again. */
  z.object({ status: z.literal('unavailable'), searchHref: href }),
]);
export type GroupAdvice = z.infer<typeof groupAdviceSchema>;

/** The advice from a JSON answer; anything else (an older server, no group asked) is null. */
export function readGroupAdvice(value: unknown): GroupAdvice | null {
  const parsed = groupAdviceSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** How many groups the result names; the rest are one link away. */
export const ADVICE_GROUPS = 3;
