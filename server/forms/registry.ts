// The forms the server accepts, by the name in their URL (`POST /forms/{name}`): the shared
// schema, where a valid submission goes in the content service, and its file fields.
import type { z } from 'zod';
import type { FormLocale } from '../../src/forms/messages/index';
import { contactSchema, courseInformationSchema, startLocationSchema, vacancyApplicationSchema } from '../../src/forms/schemas/index';

export type FormDefinition = {
  schema: (locale: FormLocale) => z.ZodType;
  /** Content-service collection the outbox delivers to (`POST /{collection}`). */
  collection: string;
  fileFields: readonly string[];
  /** Sends the visitor a confirmation mail (the foundation is always notified). */
  confirm: boolean;
};

export const FORMS: Record<string, FormDefinition> = {
  contact: { schema: contactSchema, collection: 'contact-submissions', fileFields: [], confirm: true },
  'vacancy-application': { schema: vacancyApplicationSchema, collection: 'vacancy-applications', fileFields: ['cv', 'motivation'], confirm: true },
  'course-information': { schema: courseInformationSchema, collection: 'course-information-requests', fileFields: [], confirm: true },
  'start-location': { schema: startLocationSchema, collection: 'start-location-requests', fileFields: [], confirm: true },
};

/** Fields of the form machinery, not of the visitor's answers. */
export const META_FIELDS = ['_page', '_locale', '_sid', '_ts', 'altcha', 'g-recaptcha-response', 'website', 'context'] as const;
