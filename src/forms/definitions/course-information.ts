// A question about a course, on the course's page: where and when the visitor would take it.
import { z } from 'zod';
import { isoDay, startOfUtcDay } from '../dates';
import { translator } from '../messages/index';
import type { Locale } from '../../i18n/locale';
import { LONG_TEXT_MAX, mustAccept, optionalText, requiredEmail, requiredPhone, requiredText } from '../fields/fields';
import { dateField } from '../fields/numbers-dates';
import { email, message, name, organisation, phone, privacy } from './shared-fields';
import type { FormDefinition } from './types';

export interface CourseInformationOptions {
  /** The moment "today" is judged from; tests pin it, everyone else uses the clock. */
  readonly now?: () => Date;
}

export function courseInformationSchema(locale: Locale, options: CourseInformationOptions = {}) {
  const t = translator(locale);
  const now = options.now ?? (() => new Date());
  return z.object({
    name: requiredText(t, 'name.missing'),
    organisation: optionalText(t),
    email: requiredEmail(t),
    phone: requiredPhone(t),
    message: requiredText(t, 'message.missing', LONG_TEXT_MAX),
    preferredLocation: requiredText(t, 'location.missing'),
    // Today still counts: a course can be asked about on the day itself. Both sides are
    // `YYYY-MM-DD`, so comparing the text compares the days.
    preferredDate: dateField(t).refine((day) => day >= isoDay(startOfUtcDay(now())), {
      error: t('date.inPast'),
    }),
    privacy: mustAccept(t, 'privacy.notAccepted'),
  });
}

export type CourseInformationForm = z.output<ReturnType<typeof courseInformationSchema>>;

export const courseInformation: FormDefinition = {
  name: 'course-information',
  schema: (locale) => courseInformationSchema(locale),
  fields: [
    name,
    organisation,
    email,
    phone,
    { name: 'preferredLocation', type: 'text', label: { nl: 'Waar wil je de cursus volgen?', en: 'Where would you like to take the course?' }, mailLabel: { nl: 'Voorkeurslocatie', en: 'Preferred location' }, autoComplete: 'address-level2' },
    { name: 'preferredDate', type: 'date', label: { nl: 'Welke datum past jou?', en: 'Which date suits you?' }, mailLabel: { nl: 'Voorkeursdatum', en: 'Preferred date' } },
    { ...message, label: { nl: 'Je vraag', en: 'Your question' } },
    privacy,
  ],
  collection: 'course-information-requests',
  captcha: 'on-submit',
  rateLimit: 'form-posts',
  mail: {
    label: { nl: 'Vraag over een cursus', en: 'Course information request' },
    what: { nl: 'een nieuwe vraag over een cursus', en: 'a new course information request' },
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
