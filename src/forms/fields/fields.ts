// Field builders shared by the form schemas. Input arrives as an HTML form sends it (strings,
// 'on' for a ticked checkbox, nothing for an unticked one) or as typed values from the
// browser; both parse to the same output.
import { z } from 'zod';
import type { MessageKey, Translate } from '../messages/index';
import { isEmail } from '../rules';

/** Trimmed text, with blank meaning "not filled in". */
export function blankToUndefined(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

const TRUE_VALUES = new Set<unknown>([true, 'true', 'on', 'yes', '1', 1]);
const FALSE_VALUES = new Set<unknown>([undefined, null, false, 'false', 'off', 'no', '0', 0, '']);

/** A checkbox: ticked is 'on' (HTML) or true (script); unticked is simply absent. */
export function toBoolean(value: unknown): unknown {
  if (TRUE_VALUES.has(value)) return true;
  if (FALSE_VALUES.has(value)) return false;
  return value;
}

/** Numbers come in as text; blank is "not filled in", anything unreadable stays NaN. */
export function toNumberInput(value: unknown): unknown {
  const blank = blankToUndefined(value);
  if (typeof blank !== 'string') return blank;
  return Number(blank.replace(',', '.'));
}

export const TEXT_MAX = 200;
export const LONG_TEXT_MAX = 5000;

export function requiredText(t: Translate, missing: MessageKey, max = TEXT_MAX) {
  return z.preprocess(
    blankToUndefined,
    z.string({ error: t(missing) }).max(max, { error: t('text.tooLong', { max }) }),
  );
}

export function optionalText(t: Translate, max = TEXT_MAX) {
  return z.preprocess(
    blankToUndefined,
    z.string({ error: t('form.fallback') }).max(max, { error: t('text.tooLong', { max }) }).optional(),
  );
}

function emailString(t: Translate, invalid: MessageKey) {
  return z
    .string()
    .max(254, { error: t(invalid) })
    .refine((value) => isEmail(value), { error: t(invalid) });
}

export function requiredEmail(t: Translate, invalid: MessageKey = 'email.invalid') {
  const email = z.string({ error: t('email.missing') }).pipe(emailString(t, invalid));
  return z.preprocess(blankToUndefined, email);
}

export function optionalEmail(t: Translate, invalid: MessageKey = 'email.invalid') {
  const email = z.string({ error: t(invalid) }).pipe(emailString(t, invalid));
  return z.preprocess(blankToUndefined, email.optional());
}

// Dutch and international numbers as people type them: digits with spaces, dashes, dots or
// brackets, optionally starting with +. Ten to fifteen digits in all (06 numbers have ten).
function isPhone(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return /^\+?[0-9 ()\-.]+$/.test(value) && digits >= 10 && digits <= 15;
}

export function requiredPhone(t: Translate) {
  return z.preprocess(
    blankToUndefined,
    z.string({ error: t('phone.missing') }).refine(isPhone, { error: t('phone.invalid') }),
  );
}

export function optionalPhone(t: Translate) {
  return z.preprocess(
    blankToUndefined,
    z.string({ error: t('phone.invalid') }).refine(isPhone, { error: t('phone.invalid') }).optional(),
  );
}

export function checkbox(t: Translate) {
  return z.preprocess(toBoolean, z.boolean({ error: t('form.fallback') }));
}

/** A checkbox that must be ticked (privacy policy, terms, consent to data processing). */
export function mustAccept(t: Translate, notAccepted: MessageKey) {
  return z.preprocess(toBoolean, z.literal(true, { error: t(notAccepted) }));
}

/** A choice from a fixed list; an unknown or missing value gets `missing`. */
export function choice<const T extends readonly [string, ...string[]]>(
  t: Translate,
  options: T,
  missing: MessageKey = 'form.fallback',
) {
  return z.preprocess(blankToUndefined, z.enum(options, { error: t(missing) }));
}

/**
 * `when` for a cross-field refinement: run it even if other fields failed (so the visitor sees
 * every problem at once), but not when one of the fields it reads failed itself.
 */
export function whenFieldsParsed(...fields: string[]) {
  return (payload: { issues: ReadonlyArray<{ path?: ReadonlyArray<PropertyKey> }> }) =>
    !payload.issues.some((issue) => fields.includes(String(issue.path?.[0])));
}
