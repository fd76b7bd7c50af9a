import type { z } from 'zod';
import type { FormLocale } from '../../forms/messages/index';
import { contactSchema, courseInformationSchema, startLocationSchema, vacancyApplicationSchema } from '../../forms/schemas/index';

/** The shared schema of each form, for validating as the visitor types. */
export const SCHEMAS: Record<string, (locale: FormLocale) => z.ZodType> = {
  contact: contactSchema,
  'vacancy-application': vacancyApplicationSchema,
  'course-information': courseInformationSchema,
  'start-location': startLocationSchema,
};
