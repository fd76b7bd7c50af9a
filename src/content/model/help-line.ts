import { z } from 'zod';
import { optional, requiredText, webUrlSchema } from './common';

/** Where someone can get help right now: the test's result and the support block list them. */
export const helpLineSchema = z.looseObject({
  id: z.number().int().optional(),
  name: requiredText,
  description: optional(z.string()),
  /** As dialled, e.g. `0800-0432`. */
  phone: optional(z.string()),
  url: optional(webUrlSchema),
  /** Who it is for, e.g. "tot 18 jaar"; the test's result reads it with the visitor's age. */
  audience: optional(z.string()),
  /** Shown only up to this age (De Kindertelefoon: 17). */
  maxAge: optional(z.number().int().positive()),
});
export type HelpLine = z.infer<typeof helpLineSchema>;
