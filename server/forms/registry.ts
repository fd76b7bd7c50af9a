// The forms the server accepts, by the name in their URL (`POST /forms/{name}`): the shared
// schema, where a valid submission goes in the content service, and its file fields.
import type { z } from 'zod';
import type { FormLocale } from '../../src/forms/messages/index';
import { contactSchema, courseInformationSchema, KEEP_ME_POSTED_VARIANTS, keepMePostedSchema, signUpSchema, startLocationSchema, vacancyApplicationSchema } from '../../src/forms/schemas/index';
import type { SiteContent } from '../../src/content/site-content';
import { findGroup, groupFromContext } from '../../src/find-group/groups';

export type FormDefinition = {
  schema: (locale: FormLocale) => z.ZodType;
  /** Content-service collection the outbox delivers to (`POST /{collection}`). */
  collection: string;
  fileFields: readonly string[];
  /** Sends the visitor a confirmation mail (the foundation is always notified). */
  confirm: boolean;
  /**
   * Fields the page fixed in its hidden context (`group:{slug}`, `keep-me-posted:{variant}`)
   * and a schema that depends on content (the chosen group's age range), looked up on the
   * server, never taken from the form. The fields it returns are validated, stored, and kept
   * when the page is shown again with errors.
   */
  resolve?: (input: { fields: Record<string, string>; locale: FormLocale; content?: SiteContent }) => Promise<{ fields: Record<string, string>; schema?: z.ZodType }>;
};

export const FORMS: Record<string, FormDefinition> = {
  contact: { schema: contactSchema, collection: 'contact-submissions', fileFields: [], confirm: true },
  'vacancy-application': { schema: vacancyApplicationSchema, collection: 'vacancy-applications', fileFields: ['cv', 'motivation'], confirm: true },
  'course-information': { schema: courseInformationSchema, collection: 'course-information-requests', fileFields: [], confirm: true },
  'start-location': { schema: startLocationSchema, collection: 'start-location-requests', fileFields: [], confirm: true },
  'keep-me-posted': {
    schema: keepMePostedSchema,
    collection: 'keep-me-posted-requests',
    fileFields: [],
    confirm: true,
    async resolve({ fields }) {
      const asked = /^keep-me-posted:([a-z-]{1,40})$/.exec(fields.context ?? '')?.[1] ?? fields.variant ?? '';
      const variant = (KEEP_ME_POSTED_VARIANTS as readonly string[]).includes(asked) ? asked : '';
      return { fields: { variant } };
    },
  },
  'sign-up': {
    // Without a group no age fits: the group's range comes from `resolve`.
    schema: (locale) => signUpSchema(locale, { minAge: 1, maxAge: 0 }),
    collection: 'sign-ups',
    fileFields: [],
    confirm: true,
    async resolve({ fields, locale, content }) {
      const slug = groupFromContext(fields.context) || groupFromContext(`group:${fields.location ?? ''}`);
      const group = slug && content ? await findGroup(content, slug, locale).catch(() => null) : null;
      if (!group) return { fields: { location: '' } };
      return { fields: { location: slug }, schema: signUpSchema(locale, { minAge: group.minAge, maxAge: group.maxAge }) };
    },
  },
};

/** Fields of the form machinery, not of the visitor's answers. */
export const META_FIELDS = ['_page', '_locale', '_sid', '_ts', '_step', '_back', 'altcha', 'g-recaptcha-response', 'website', 'context'] as const;
