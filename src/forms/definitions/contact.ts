// The contact form: a message to the foundation, on the contact page.
import { z } from 'zod';
import { translator } from '../messages/index';
import type { Locale } from '../../i18n/locale';
import {
  LONG_TEXT_MAX,
  mustAccept,
  optionalPhone,
  optionalText,
  requiredEmail,
  requiredText,
} from '../fields/fields';
import { email, message, name, organisation, phone, privacy } from './shared-fields';
import type { FormDefinition } from './types';

export function contactSchema(locale: Locale) {
  const t = translator(locale);
  return z.object({
    name: requiredText(t, 'name.missing'),
    organisation: optionalText(t),
    email: requiredEmail(t),
    phone: optionalPhone(t),
    message: requiredText(t, 'message.missing', LONG_TEXT_MAX),
    privacy: mustAccept(t, 'privacy.notAccepted'),
  });
}

export type ContactForm = z.output<ReturnType<typeof contactSchema>>;

export const contact: FormDefinition = {
  name: 'contact',
  schema: contactSchema,
  fields: [name, organisation, email, { ...phone, optional: true }, message, privacy],
  collection: 'contact-submissions',
  captcha: 'on-submit',
  rateLimit: 'form-posts',
  mail: {
    label: { nl: 'Contactformulier', en: 'Contact form' },
    what: { nl: 'een nieuw bericht via het contactformulier', en: 'a new message through the contact form' },
    confirmation: {
      subject: { nl: 'We hebben je bericht ontvangen', en: 'We have received your message' },
      thanks: { nl: 'Bedankt voor je bericht! Het is goed bij ons aangekomen.', en: 'Thank you for your message! It has reached us safely.' },
      next: () => ({
        nl: 'We lezen je bericht en nemen zo snel mogelijk contact met je op.',
        en: 'We will read your message and get back to you as soon as we can.',
      }),
    },
  },
};
