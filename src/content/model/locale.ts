import { z } from 'zod';
import { optional, recordFields } from './common';

/** An entry of `GET /i18n/locales`. */
export const localeSchema = z.looseObject({
  ...recordFields,
  id: recordFields.id.optional(),
  name: z.string().min(1),
  code: z.string().regex(/^[a-z]{2}(?:-[A-Z]{2})?$/, 'locale code: nl or nl-BE'),
  isDefault: optional(z.boolean()),
});
export type Locale = z.infer<typeof localeSchema>;
export const localesSchema = z.array(localeSchema);
