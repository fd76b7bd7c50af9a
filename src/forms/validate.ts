// One way to run a form schema and get errors a page can show: the first message per field
// (keyed by its path, e.g. `email` or `answers.3`) and the form-level messages. Used by the
// server's no-JavaScript path and by the browser alike.
import type { z } from 'zod';
import { formatMessage } from './messages/index';
import type { Locale } from '../i18n/locale';

export type FieldErrors = Readonly<Record<string, string>>;

export type FormValidation<T> =
  | { readonly ok: true; readonly data: T }
  | { readonly ok: false; readonly errors: FieldErrors; readonly formErrors: readonly string[] };

export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): {
  errors: FieldErrors;
  formErrors: string[];
} {
  const errors: Record<string, string> = {};
  const formErrors: string[] = [];
  for (const issue of issues) {
    if (issue.path.length === 0) {
      if (!formErrors.includes(issue.message)) formErrors.push(issue.message);
      continue;
    }
    const key = issue.path.map(String).join('.');
    // The first problem of a field is the one to fix first; more would only crowd the label.
    errors[key] ??= issue.message;
  }
  return { errors, formErrors };
}

function fallbackParams(locale: Locale) {
  // Any check without a message of its own shows the fallback 'This field is not valid.' (in
  // the visitor's language), never zod's English.
  return { error: () => formatMessage(locale, 'form.fallback') };
}

export function validateForm<S extends z.ZodType>(
  schema: S,
  input: unknown,
  locale: Locale,
): FormValidation<z.output<S>> {
  const result = schema.safeParse(input, fallbackParams(locale));
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, ...issuesToErrors(result.error.issues) };
}

/** For schemas with asynchronous refinements (none of ours yet; a server check could add one). */
export async function validateFormAsync<S extends z.ZodType>(
  schema: S,
  input: unknown,
  locale: Locale,
): Promise<FormValidation<z.output<S>>> {
  const result = await schema.safeParseAsync(input, fallbackParams(locale));
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, ...issuesToErrors(result.error.issues) };
}
