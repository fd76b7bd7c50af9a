// Every form of the site. What the server accepts, what the browser validates, the fields a
// page shows, the steps and the mails are all read from this list: adding a form is adding
// its definition here (and a view, if the generic form view does not fit).
import { ACCOUNT_FORMS } from '../../features/accounts/forms/accounts';
import { contact } from '../definitions/contact';
import { courseInformation } from '../definitions/course-information';
import { donation } from '../../features/donations/forms/donation';
import { keepMePosted } from '../../features/find-group/forms/keep-me-posted';
import { lonelinessTest } from '../../features/loneliness-test/forms/loneliness-test';
import { signUp } from '../../features/find-group/forms/sign-up';
import { startLocation } from '../definitions/start-location';
import type { FieldSpec, FormDefinition } from '../definitions/types';
import { vacancyApplication } from '../definitions/vacancy-application';
import { visibleFields } from '../form-fields';

export const FORM_DEFINITIONS: readonly FormDefinition[] = [contact, vacancyApplication, courseInformation, startLocation, keepMePosted, signUp, lonelinessTest, donation, ...ACCOUNT_FORMS];

const byName = new Map(FORM_DEFINITIONS.map((def) => [def.name, def]));

export function formDefinition(name: string): FormDefinition | undefined {
  return byName.get(name);
}

/** The fields of the forms the generic form view shows (hidden fields are not inputs). */
export const FORM_FIELDS: Readonly<Record<string, readonly FieldSpec[]>> = Object.fromEntries(
  FORM_DEFINITIONS.filter((def) => visibleFields(def).length > 0).map((def) => [def.name, visibleFields(def)]),
);

/** The fields as a page with this hidden context (`about`) shows them: what the context
 * changes, named whole or by its kind (the part before the colon), the whole name first. */
export function fieldsFor(def: FormDefinition, about?: string): readonly FieldSpec[] {
  if (!about) return visibleFields(def);
  const colon = about.indexOf(':');
  const kind = colon > 0 ? about.slice(0, colon) : '';
  return visibleFields(def).map((f) => {
    const change = f.inContext?.[about] ?? (kind ? f.inContext?.[kind] : undefined);
    return change ? { ...f, ...change } : f;
  });
}

export function fileFieldsOf(def: FormDefinition): string[] {
  return def.fields.filter((f) => f.type === 'file').map((f) => f.name);
}

/** The fields whose answers may run over several lines (a message): they keep their line breaks. */
export function multilineFieldsOf(def: FormDefinition): ReadonlySet<string> {
  return new Set(def.fields.filter((f) => f.type === 'textarea').map((f) => f.name));
}
