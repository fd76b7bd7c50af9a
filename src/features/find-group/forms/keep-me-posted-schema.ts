// Keep-me-posted: three variants after a search. Everyone leaves an email and
// a postcode (we write when a group starts near them); for "too young" the age is required
// too, so we know when they are old enough for the group in their municipality.
import { z } from 'zod';
import { translator } from '../../../forms/messages/index';
import type { Locale } from '../../../i18n/locale';
import { choice, mustAccept, optionalText, requiredEmail, whenFieldsParsed } from '../../../forms/schemas/fields';
import { optionalAgeField } from '../../../forms/schemas/numbers-dates';
import { postcodeField } from '../../../forms/schemas/postcode-field';

export const KEEP_ME_POSTED_VARIANTS = ['prefers-real-life', 'no-location', 'too-young'] as const;
export type KeepMePostedVariant = (typeof KEEP_ME_POSTED_VARIANTS)[number];

export function keepMePostedSchema(locale: Locale) {
  const t = translator(locale);
  return z
    .object({
      variant: choice(t, KEEP_ME_POSTED_VARIANTS),
      email: requiredEmail(t, 'findLocation.emailInvalid'),
      postcode: postcodeField(t),
      age: optionalAgeField(t),
      municipality: optionalText(t),
      privacy: mustAccept(t, 'privacy.notAccepted'),
    })
    .superRefine(
      (form, ctx) => {
        if (form.variant === 'too-young' && form.age === undefined) {
          ctx.addIssue({ code: 'custom', path: ['age'], message: t('age.missing'), input: form });
        }
      },
      { when: whenFieldsParsed('variant', 'age') },
    );
}

export type KeepMePostedForm = z.output<ReturnType<typeof keepMePostedSchema>>;
