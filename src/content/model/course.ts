import { z } from 'zod';
import { markdownSchema, optional, recordFields, requiredText, rowsOf, slugSchema, valuesOf } from './common';
import { mediaSchema } from './media';
import { seoSchema } from './seo';

/** A course of the academy, for professionals who work with young people. */
export const courseSchema = z.looseObject({
  ...recordFields,
  title: requiredText,
  slug: slugSchema,
  summary: optional(z.string()),
  body: markdownSchema,
  /** Free text, e.g. "2 dagdelen van 3 uur". */
  duration: optional(z.string()),
  audience: optional(z.string()),
  /** Free text, so "op aanvraag" or "gratis voor gemeenten" fit. */
  price: optional(z.string()),
  /** Places where the course is given; the course-information form offers them as choices. */
  locations: optional(rowsOf('name', z.string().min(1))),
  image: optional(mediaSchema),
  seo: optional(seoSchema),
});
export type Course = z.infer<typeof courseSchema>;
/** The places where a course is given, by name. */
export const placesOf = (course: Pick<Course, 'locations'>): string[] => valuesOf<string>(course.locations, 'name');
