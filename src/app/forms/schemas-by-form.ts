import { z } from 'zod';
import type { FormLocale } from '../../forms/messages/index';
import { contactSchema, courseInformationSchema, keepMePostedSchema, signUpSchema, startLocationSchema, vacancyApplicationSchema } from '../../forms/schemas/index';

/** The shared schema of each form, for validating as the visitor types. */
export const SCHEMAS: Record<string, (locale: FormLocale) => z.ZodType> = {
  contact: contactSchema,
  'vacancy-application': vacancyApplicationSchema,
  'course-information': courseInformationSchema,
  'start-location': startLocationSchema,
  // The page fixes the variant and the group (hidden context): the browser checks the fields
  // the visitor fills in; the server checks the rest, the group's age range included.
  'keep-me-posted': (locale) => z.preprocess((v) => ({ ...(v as object), variant: 'no-location' }), keepMePostedSchema(locale)),
  'sign-up': (locale) => z.preprocess((v) => ({ ...(v as object), location: 'online' }), signUpSchema(locale, { minAge: 0, maxAge: 120 })),
};
