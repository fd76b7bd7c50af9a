import { z } from 'zod';
import type { Locale } from '../../i18n/locale';
import { contactSchema, courseInformationSchema, keepMePostedSchema, signUpSchema, startLocationSchema, vacancyApplicationSchema } from '../../forms/schemas/index';

/** What the page knows that a schema needs: a sign-up's group and its ages, a keep-me-posted variant. */
export type SchemaOptions = { location?: string; minAge?: number; maxAge?: number; variant?: string };

/** The shared schema of each form, for validating as the visitor types. */
export const SCHEMAS: Record<string, (locale: Locale, options?: SchemaOptions) => z.ZodType> = {
  contact: contactSchema,
  'vacancy-application': vacancyApplicationSchema,
  'course-information': (locale) => courseInformationSchema(locale),
  'start-location': startLocationSchema,
  // The page fixes the variant and the group (hidden context): the browser checks the fields
  // the visitor fills in, the group's age range included; the server checks it all again.
  'keep-me-posted': (locale, options = {}) =>
    z.preprocess((v) => ({ ...(v as object), variant: options.variant ?? 'no-location' }), keepMePostedSchema(locale)),
  'sign-up': (locale, options = {}) =>
    z.preprocess(
      (v) => ({ ...(v as object), location: options.location ?? 'online' }),
      signUpSchema(locale, { minAge: options.minAge ?? 0, maxAge: options.maxAge ?? 120 }),
    ),
};
