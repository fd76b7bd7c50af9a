// An application for a vacancy, on the vacancy's page: a CV and optionally a motivation letter.
import { vacancyApplicationSchema } from '../schemas/vacancy-application';
import { email, MAIL_LABELS, name, phone, privacy } from './shared-fields';
import type { FormDefinition } from './types';

export const vacancyApplication: FormDefinition = {
  name: 'vacancy-application',
  schema: vacancyApplicationSchema,
  fields: [
    name,
    email,
    phone,
    {
      name: 'cv',
      type: 'file',
      label: { nl: 'Je cv', en: 'Your CV' },
      hint: { nl: 'PDF, Word, OpenDocument, RTF of tekst. Cv en motivatie samen hoogstens 100 MB.', en: 'PDF, Word, OpenDocument, RTF or text. CV and motivation together at most 100 MB.' },
    },
    { name: 'motivation', type: 'file', label: { nl: 'Je motivatiebrief', en: 'Your motivation letter' }, optional: true },
    { name: 'remarks', type: 'textarea', label: { nl: 'Wil je nog iets kwijt?', en: 'Anything else you want to tell us?' }, optional: true },
    privacy,
  ],
  collection: 'vacancy-applications',
  captcha: 'on-submit',
  rateLimit: 'form-posts',
  mail: {
    label: { nl: 'Sollicitatie', en: 'Job application' },
    what: { nl: 'een nieuwe sollicitatie', en: 'a new job application' },
    fields: {
      name: MAIL_LABELS.name,
      email: MAIL_LABELS.email,
      phone: MAIL_LABELS.phone,
      cv: { nl: 'Cv', en: 'CV' },
      motivation: { nl: 'Motivatiebrief', en: 'Motivation letter' },
      remarks: { nl: 'Overige opmerkingen', en: 'Other remarks' },
      privacy: MAIL_LABELS.privacy,
    },
    confirmation: {
      subject: { nl: 'We hebben je sollicitatie ontvangen', en: 'We have received your application' },
      thanks: { nl: 'Bedankt voor je sollicitatie en je interesse in Join Us!', en: 'Thank you for your application and your interest in Join Us!' },
      next: () => ({
        nl: 'We lezen je sollicitatie met aandacht. Je hoort zo snel mogelijk van ons hoe het verder gaat.',
        en: 'We will read your application carefully and let you know as soon as we can how things will continue.',
      }),
    },
  },
};
