// Sign-up for a group: two steps, then submit. The group is a location (by
// slug) or the online group; the age from the date of birth must fit that group's range,
// which the caller knows from the location record.
import { z } from 'zod';
import { ageOn, parseDateWithFormat } from '../../../forms/dates';
import { translator } from '../../../forms/messages/index';
import type { Locale } from '../../../i18n/locale';
import {
  mustAccept,
  optionalText,
  requiredEmail,
  requiredPhone,
  requiredText,
} from '../../../forms/schemas/fields';
import { dateField } from '../../../forms/schemas/numbers-dates';

export const ONLINE_GROUP = 'online';
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface SignUpOptions {
  /** The chosen group's age range (inclusive). */
  readonly minAge: number;
  readonly maxAge: number;
  readonly now?: () => Date;
}

function dateOfBirth(locale: Locale, options: SignUpOptions) {
  const t = translator(locale);
  const now = options.now ?? (() => new Date());
  return dateField(t).superRefine((day, ctx) => {
    const born = parseDateWithFormat(day);
    if (!born) return;
    const age = ageOn(born, now());
    if (age < 0) {
      ctx.addIssue({ code: 'custom', message: t('date.invalid'), input: day });
    } else if (age < options.minAge || age > options.maxAge) {
      const values = { age, min: options.minAge, max: options.maxAge };
      ctx.addIssue({ code: 'custom', message: t('findLocation.ageMismatch', values), input: day });
    }
  });
}

function step1Shape(locale: Locale, options: SignUpOptions) {
  const t = translator(locale);
  return {
    location: requiredText(t, 'location.missing').refine(
      (value) => value === ONLINE_GROUP || SLUG.test(value),
      { error: t('location.missing') },
    ),
    firstname: requiredText(t, 'firstname.missing'),
    lastname: requiredText(t, 'lastname.missing'),
    date_of_birth: dateOfBirth(locale, options),
  };
}

function step2Shape(locale: Locale) {
  const t = translator(locale);
  return {
    email: requiredEmail(t),
    telephone: requiredPhone(t),
    howFound: optionalText(t),
    agreement: mustAccept(t, 'agreement.notAccepted'),
  };
}

export function signUpStep1Schema(locale: Locale, options: SignUpOptions) {
  return z.object(step1Shape(locale, options));
}

export function signUpStep2Schema(locale: Locale) {
  return z.object(step2Shape(locale));
}

export function signUpSchema(locale: Locale, options: SignUpOptions) {
  return z.object({ ...step1Shape(locale, options), ...step2Shape(locale) });
}

export type SignUpForm = z.output<ReturnType<typeof signUpSchema>>;
