// Sign-up for a group, in two steps. The page fixes the group in the hidden context
// (`group:{slug}`); the server looks it up in content, and the age from the date of birth
// must fit that group's range.
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
} from '../../../forms/fields/fields';
import { dateField } from '../../../forms/fields/numbers-dates';
import { email, phone } from '../../../forms/definitions/shared-fields';
import type { FormDefinition } from '../../../forms/definitions/types';

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

export const signUp: FormDefinition = {
  name: 'sign-up',
  schema: (locale, options = {}) =>
    z.preprocess(
      (v) => ({ ...(v as object), location: options.location ?? 'online' }),
      signUpSchema(locale, { minAge: options.minAge ?? 0, maxAge: options.maxAge ?? 120 }),
    ),
  // Who you are and which group (the age must fit it), then contact and consent.
  fields: [
    { name: 'firstname', type: 'text', label: { nl: 'Voornaam', en: 'First name' }, autoComplete: 'given-name', step: 1 },
    { name: 'lastname', type: 'text', label: { nl: 'Achternaam', en: 'Last name' }, autoComplete: 'family-name', step: 1 },
    { name: 'date_of_birth', type: 'date', label: { nl: 'Geboortedatum', en: 'Date of birth' }, autoComplete: 'bday', step: 1 },
    { ...email, step: 2 },
    { ...phone, name: 'telephone', step: 2 },
    // The group comes from the page's hidden context, not from an input;
    // the notification names it after the contact details.
    { name: 'location', type: 'text', label: { nl: 'Groep', en: 'Group' }, hidden: true, step: 1 },
    { name: 'howFound', type: 'text', label: { nl: 'Hoe heb je ons gevonden?', en: 'How did you find us?' }, mailLabel: { nl: 'Hoe ze ons vonden', en: 'How they found us' }, optional: true, step: 2 },
    {
      name: 'agreement',
      type: 'checkbox',
      label: { nl: 'Ik ga akkoord met de verwerking van mijn gegevens volgens het privacybeleid van Stichting Join Us.', en: 'I agree to the processing of my data under the privacy policy of Stichting Join Us.' },
      mailLabel: { nl: 'Toestemming voor gebruik van gegevens', en: 'Consent to use their details' },
      step: 2,
    },
  ],
  steps: [{ title: { nl: 'Over jou', en: 'About you' } }, { title: { nl: 'Contact en akkoord', en: 'Contact and consent' } }],
  collection: 'sign-ups',
  context: { kind: 'group' },
  captcha: 'on-submit',
  rateLimit: 'form-posts',
  mail: {
    label: { nl: 'Aanmelding voor een groep', en: 'Group sign-up' },
    what: { nl: 'een nieuwe aanmelding voor een groep', en: 'a new sign-up for a group' },
    confirmation: {
      subject: { nl: 'Je aanmelding bij Join Us is binnen', en: 'Your sign-up for Join Us has arrived' },
      thanks: { nl: 'Wat fijn dat je je hebt aangemeld bij Join Us!', en: 'We are so glad you signed up for Join Us!' },
      next: () => ({
        nl: 'De begeleiders van je groep nemen contact met je op om kennis te maken en te vertellen wanneer en waar jullie samenkomen.',
        en: 'The leaders of your group will contact you to get to know you and tell you when and where you meet.',
      }),
    },
  },
};
