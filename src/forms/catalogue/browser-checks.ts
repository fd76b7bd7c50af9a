// The form rules as the browser runs them: zod, every form's schema and the shared checker.
// Not part of any page's first load: `loadChecks` (load-checks.ts) fetches this module when a
// visitor starts on a form, so a page without a form in use never downloads zod.
import '../zod-jitless';
import { formDefinition } from './index';
import type { SchemaOptions } from '../definitions/types';
import { lonelinessTestSchema } from '../../features/loneliness-test/forms/loneliness-test';
import { validateForm, type FormValidation } from '../validate';
import type { Locale } from '../../i18n/locale';
// The test's group advice, as the server answers it, is read with a schema too.
export { readGroupAdvice } from '../../features/loneliness-test/forms/group-advice';

/** A site form's values checked against its schema, as the server checks them. */
export function checkForm(form: string, locale: Locale, options: SchemaOptions | undefined, input: unknown): FormValidation<unknown> {
  const definition = formDefinition(form);
  if (!definition) throw new Error(`unknown form ${form}`);
  return validateForm(definition.schema(locale, options), input, locale);
}

/** The loneliness test's answers, postcode and age (its details step). */
export function checkTest(locale: Locale, input: unknown): FormValidation<unknown> {
  return validateForm(lonelinessTestSchema(locale), input, locale);
}
