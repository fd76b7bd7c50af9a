// What is read off a form's fields rather than listed again: the fields a page shows, and the
// labels (and order) the notification mail gives the answers.
import type { FieldSpec, FormDefinition, MailWithLabels, Texts } from './definitions/types';

/** The fields the page renders as inputs: every field but the hidden ones. */
export function visibleFields(def: FormDefinition): readonly FieldSpec[] {
  return def.fields.filter((f) => !f.hidden);
}

/** The label per answer, in the order the notification lists them: the mail's order if it has one, else the fields'. */
export function mailFieldsOf(def: FormDefinition): Readonly<Record<string, Texts>> {
  const byName = new Map(def.fields.map((f) => [f.name, f]));
  const names = def.mail?.order ?? def.fields.map((f) => f.name);
  const out: Record<string, Texts> = {};
  for (const name of names) {
    const field = byName.get(name);
    if (field) out[name] = field.mailLabel ?? field.label;
  }
  return out;
}

const mails = new WeakMap<FormDefinition, MailWithLabels>();

/** The form's mail with its answers' labels, read off the fields once per definition;
 * undefined for a form that sends none. */
export function mailOf(def: FormDefinition): MailWithLabels | undefined {
  if (!def.mail) return undefined;
  let mail = mails.get(def);
  if (!mail) mails.set(def, (mail = { ...def.mail, fields: mailFieldsOf(def) }));
  return mail;
}
