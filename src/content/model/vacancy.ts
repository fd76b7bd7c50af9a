import { z } from 'zod';
import { dateSchema, markdownSchema, optional, recordFields, requiredText, slugSchema } from './common';
import { seoSchema } from './seo';

export const employmentTypes = ['paid', 'volunteer', 'internship'] as const;
export const employmentTypeSchema = z.enum(employmentTypes);
export type EmploymentType = z.infer<typeof employmentTypeSchema>;

export const vacancySchema = z.looseObject({
  ...recordFields,
  title: requiredText,
  slug: slugSchema,
  summary: optional(z.string()),
  body: markdownSchema,
  /** Free text, e.g. "16 tot 24 uur per week". */
  hours: optional(z.string()),
  /** Where the work is, in words ("Tiel en omgeving"). */
  location: optional(z.string()),
  /** After this day the vacancy page says applications are closed. */
  closingDate: optional(dateSchema),
  employmentType: optional(employmentTypeSchema),
  seo: optional(seoSchema),
});
export type Vacancy = z.infer<typeof vacancySchema>;
