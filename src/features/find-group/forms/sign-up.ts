// Sign-up for a group, in two steps. The page fixes the group in the hidden context
// (`group:{slug}`); the server looks it up in content, and the age from the date of birth
// must fit that group's range.
import { z } from 'zod';
import { signUpSchema } from './sign-up-schema';
import { email, MAIL_LABELS } from '../../../forms/definitions/shared-fields';
import type { FormDefinition } from '../../../forms/definitions/types';

export const signUp: FormDefinition = {
  name: 'sign-up',
  schema: (locale, options = {}) =>
    z.preprocess(
      (v) => ({ ...(v as object), location: options.location ?? 'online' }),
      signUpSchema(locale, { minAge: options.minAge ?? 0, maxAge: options.maxAge ?? 120 }),
    ),
  fields: [
    { name: 'firstname', type: 'text', label: { nl: 'Voornaam', en: 'First name' }, autoComplete: 'given-name' },
    { name: 'lastname', type: 'text', label: { nl: 'Achternaam', en: 'Last name' }, autoComplete: 'family-name' },
    { name: 'date_of_birth', type: 'date', label: { nl: 'Geboortedatum', en: 'Date of birth' }, autoComplete: 'bday' },
    email,
    { name: 'telephone', type: 'tel', label: { nl: 'Telefoonnummer', en: 'Phone number' }, autoComplete: 'tel' },
    { name: 'howFound', type: 'text', label: { nl: 'Hoe heb je ons gevonden?', en: 'How did you find us?' }, optional: true },
    {
      name: 'agreement',
      type: 'checkbox',
      label: { nl: 'Ik ga akkoord met de verwerking van mijn gegevens volgens het privacybeleid van Stichting Join Us.', en: 'I agree to the processing of my data under the privacy policy of Stichting Join Us.' },
    },
  ],
  // Who you are and which group (the age must fit it), then contact and consent.
  steps: [
    { title: { nl: 'Over jou', en: 'About you' }, fields: ['location', 'firstname', 'lastname', 'date_of_birth'] },
    { title: { nl: 'Contact en akkoord', en: 'Contact and consent' }, fields: ['email', 'telephone', 'howFound', 'agreement'] },
  ],
  collection: 'sign-ups',
  context: { kind: 'group' },
  captcha: 'on-submit',
  rateLimit: 'form-posts',
  mail: {
    label: { nl: 'Aanmelding voor een groep', en: 'Group sign-up' },
    what: { nl: 'een nieuwe aanmelding voor een groep', en: 'a new sign-up for a group' },
    fields: {
      firstname: { nl: 'Voornaam', en: 'First name' },
      lastname: { nl: 'Achternaam', en: 'Last name' },
      date_of_birth: { nl: 'Geboortedatum', en: 'Date of birth' },
      email: MAIL_LABELS.email,
      telephone: MAIL_LABELS.phone,
      location: { nl: 'Groep', en: 'Group' },
      howFound: { nl: 'Hoe ze ons vonden', en: 'How they found us' },
      agreement: { nl: 'Toestemming voor gebruik van gegevens', en: 'Consent to use their details' },
    },
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
