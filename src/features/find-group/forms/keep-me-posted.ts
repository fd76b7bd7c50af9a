// Keep me posted, after a search: no group nearby yet, a visitor who prefers a group that
// meets in person, or one still too young for the group nearby. The page fixes the variant in
// the hidden context (`keep-me-posted:{variant}`); the server reads it from there.
import { z } from 'zod';
import { translator } from '../../../forms/messages/index';
import type { Locale } from '../../../i18n/locale';
import { choice, mustAccept, optionalText, requiredEmail, whenFieldsParsed } from '../../../forms/fields/fields';
import { optionalAgeField } from '../../../forms/fields/numbers-dates';
import { postcodeField } from '../../../forms/fields/postcode-field';
import { email, privacy } from '../../../forms/definitions/shared-fields';
import type { FormDefinition } from '../../../forms/definitions/types';

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

export const keepMePosted: FormDefinition = {
  name: 'keep-me-posted',
  schema: (locale, options = {}) =>
    z.preprocess((v) => ({ ...(v as object), variant: options.variant ?? 'no-location' }), keepMePostedSchema(locale)),
  fields: [
    // The variant comes from the page's hidden context; the notification names it in words.
    { name: 'variant', type: 'text', label: { nl: 'Situatie', en: 'Situation' }, hidden: true },
    email,
    { name: 'postcode', type: 'text', label: { nl: 'Postcode', en: 'Postcode' }, hint: { nl: 'Bijvoorbeeld 4001 AB', en: 'For example 4001 AB' }, autoComplete: 'postal-code' },
    // Too young for the group nearby: the age is needed to write when they are old enough.
    { name: 'age', type: 'text', label: { nl: 'Leeftijd', en: 'Age' }, optional: true, inContext: { 'keep-me-posted:too-young': { optional: false } }, autoComplete: 'off' },
    // Passed on by the search the visitor came from.
    { name: 'municipality', type: 'text', label: { nl: 'Gemeente', en: 'Municipality' }, hidden: true },
    privacy,
  ],
  collection: 'keep-me-posted-requests',
  context: { kind: 'variant', variants: KEEP_ME_POSTED_VARIANTS },
  captcha: 'on-submit',
  rateLimit: 'form-posts',
  mail: {
    label: { nl: 'Op de hoogte blijven', en: 'Keep me posted' },
    what: { nl: 'een nieuw verzoek om op de hoogte te blijven', en: 'a new keep-me-posted request' },
    // Who and where first, then how to reach them: staff read the age and town before anything else.
    order: ['age', 'municipality', 'email', 'postcode', 'variant', 'privacy'],
    values: {
      variant: {
        'prefers-real-life': { nl: 'wil een groep die in het echt samenkomt', en: 'wants a group that meets in person' },
        'no-location': { nl: 'nog geen groep in de buurt', en: 'no group nearby yet' },
        'too-young': { nl: 'nog te jong voor de groep in de buurt', en: 'too young for the nearby group so far' },
      },
    },
    confirmation: {
      subject: { nl: 'We houden je op de hoogte', en: 'We will keep you posted' },
      thanks: { nl: 'Bedankt dat je je gegevens hebt achtergelaten!', en: 'Thank you for leaving your details!' },
      next: (data) =>
        data.variant === 'too-young'
          ? {
              nl: 'We sturen je een e-mail zodra je oud genoeg bent voor de groep bij jou in de buurt. Wil je toch geen bericht meer? Beantwoord dan deze e-mail, dan halen we je gegevens weg.',
              en: 'We will email you as soon as you are old enough for the group near you. Changed your mind? Just reply to this email and we will remove your details.',
            }
          : {
              nl: 'We sturen je een e-mail zodra er een Join Us-groep bij jou in de buurt start. Wil je toch geen bericht meer? Beantwoord dan deze e-mail, dan halen we je gegevens weg.',
              en: 'We will email you as soon as a Join Us group starts near you. Changed your mind? Just reply to this email and we will remove your details.',
            },
    },
  },
};
