import { z } from 'zod';
import { linkSchema, optional, requiredText } from './common';

export const buttonVariants = ['primary', 'secondary', 'outline', 'link'] as const;

/** A link styled as a button; a repeatable component inside blocks. */
export const buttonSchema = z.looseObject({
  id: z.number().int().optional(),
  label: requiredText,
  url: linkSchema,
  variant: optional(z.enum(buttonVariants)),
  /** Name of an icon from the site's icon set, e.g. `heart`. */
  icon: optional(z.string()),
  /** External links open in a new tab; internal paths never do. */
  newTab: optional(z.boolean()),
});
export type Button = z.infer<typeof buttonSchema>;
