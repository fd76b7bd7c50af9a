// The contact form: a message to the foundation, on the contact page.
import { contactSchema } from '../schemas/contact';
import { email, MAIL_LABELS, message, name, organisation, phone, privacy } from './shared-fields';
import type { FormDefinition } from './types';

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
    fields: MAIL_LABELS,
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
