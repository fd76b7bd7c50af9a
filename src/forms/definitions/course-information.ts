// A question about a course, on the course's page: where and when the visitor would take it.
import { courseInformationSchema } from '../schemas/course-information';
import { email, MAIL_LABELS, message, name, organisation, phone, privacy } from './shared-fields';
import type { FormDefinition } from './types';

export const courseInformation: FormDefinition = {
  name: 'course-information',
  schema: (locale) => courseInformationSchema(locale),
  fields: [
    name,
    organisation,
    email,
    phone,
    { name: 'preferredLocation', type: 'text', label: { nl: 'Waar wil je de cursus volgen?', en: 'Where would you like to take the course?' }, autoComplete: 'address-level2' },
    { name: 'preferredDate', type: 'date', label: { nl: 'Welke datum past jou?', en: 'Which date suits you?' } },
    { ...message, label: { nl: 'Je vraag', en: 'Your question' } },
    privacy,
  ],
  collection: 'course-information-requests',
  captcha: 'on-submit',
  rateLimit: 'form-posts',
  mail: {
    label: { nl: 'Vraag over een cursus', en: 'Course information request' },
    what: { nl: 'een nieuwe vraag over een cursus', en: 'a new course information request' },
    fields: {
      name: MAIL_LABELS.name,
      organisation: MAIL_LABELS.organisation,
      email: MAIL_LABELS.email,
      phone: MAIL_LABELS.phone,
      preferredLocation: { nl: 'Voorkeurslocatie', en: 'Preferred location' },
      preferredDate: { nl: 'Voorkeursdatum', en: 'Preferred date' },
      message: MAIL_LABELS.message,
      privacy: MAIL_LABELS.privacy,
    },
    confirmation: {
      subject: { nl: 'We hebben je vraag over de cursus ontvangen', en: 'We have received your question about the course' },
      thanks: { nl: 'Bedankt voor je interesse in onze cursus!', en: 'Thank you for your interest in our course!' },
      next: () => ({
        nl: 'We kijken naar je vraag, je voorkeurslocatie en je voorkeursdatum, en nemen zo snel mogelijk contact met je op.',
        en: 'We will look at your question, your preferred location and your preferred date, and get in touch as soon as we can.',
      }),
    },
  },
};
