// An application for a vacancy, on the vacancy's page: a CV and optionally a motivation letter.
import { z } from 'zod';
import { translator } from '../messages/index';
import type { Locale } from '../../i18n/locale';
import {
  LONG_TEXT_MAX,
  mustAccept,
  optionalText,
  requiredEmail,
  requiredPhone,
  requiredText,
  whenFieldsParsed,
} from '../fields/fields';
import { optionalFile, requiredFile, totalUploadTooLarge, uploadTooLargeMessage } from '../fields/files';
import { email, name, phone, privacy } from './shared-fields';
import type { FormDefinition } from './types';

/** CV and motivation together may be at most 100 MB; above that the visitor is asked to send a
 * file-transfer link instead. */
export function vacancyApplicationSchema(locale: Locale) {
  const t = translator(locale);
  return z
    .object({
      name: requiredText(t, 'name.missing'),
      email: requiredEmail(t),
      phone: requiredPhone(t),
      cv: requiredFile(t, 'cv.missing'),
      motivation: optionalFile(t),
      remarks: optionalText(t, LONG_TEXT_MAX),
      privacy: mustAccept(t, 'privacy.notAccepted'),
    })
    .superRefine(
      (form, ctx) => {
        if (totalUploadTooLarge([form.cv, form.motivation])) {
          // Reported on the CV field: it is always there, and the advice covers both files.
          ctx.addIssue({ code: 'custom', path: ['cv'], message: uploadTooLargeMessage(t), input: form });
        }
      },
      { when: whenFieldsParsed('cv', 'motivation') },
    );
}

export type VacancyApplicationForm = z.output<ReturnType<typeof vacancyApplicationSchema>>;

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
      mailLabel: { nl: 'Cv', en: 'CV' },
      hint: { nl: 'PDF, Word, OpenDocument, RTF of tekst. Cv en motivatie samen hoogstens 100 MB.', en: 'PDF, Word, OpenDocument, RTF or text. CV and motivation together at most 100 MB.' },
    },
    { name: 'motivation', type: 'file', label: { nl: 'Je motivatiebrief', en: 'Your motivation letter' }, mailLabel: { nl: 'Motivatiebrief', en: 'Motivation letter' }, optional: true },
    { name: 'remarks', type: 'textarea', label: { nl: 'Wil je nog iets kwijt?', en: 'Anything else you want to tell us?' }, mailLabel: { nl: 'Overige opmerkingen', en: 'Other remarks' }, optional: true },
    privacy,
  ],
  collection: 'vacancy-applications',
  captcha: 'on-submit',
  rateLimit: 'form-posts',
  mail: {
    label: { nl: 'Sollicitatie', en: 'Job application' },
    what: { nl: 'een nieuwe sollicitatie', en: 'a new job application' },
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
