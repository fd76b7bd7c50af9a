// Start a location: a professional (often at a municipality) who wants a Join Us group in
// their area. The foundation calls them back.
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
} from '../fields/fields';
import { email, message, name, phone, privacy } from './shared-fields';
import type { FormDefinition } from './types';

/** Phone is required here: the foundation calls a professional back. */
export function startLocationSchema(locale: Locale) {
  const t = translator(locale);
  return z.object({
    name: requiredText(t, 'name.missing'),
    email: requiredEmail(t),
    jobTitle: requiredText(t, 'jobTitle.missing'),
    municipality: requiredText(t, 'field.required'),
    howHeard: requiredText(t, 'field.required'),
    phone: requiredPhone(t),
    message: optionalText(t, LONG_TEXT_MAX),
    privacy: mustAccept(t, 'privacy.notAccepted'),
  });
}

export type StartLocationForm = z.output<ReturnType<typeof startLocationSchema>>;

export const startLocation: FormDefinition = {
  name: 'start-location',
  schema: startLocationSchema,
  fields: [
    name,
    email,
    phone,
    { name: 'jobTitle', type: 'text', label: { nl: 'Je functie', en: 'Your job title' }, mailLabel: { nl: 'Functie', en: 'Job title' }, autoComplete: 'organization-title' },
    { name: 'municipality', type: 'text', label: { nl: 'In welke gemeente ben je actief?', en: 'Which municipality do you work in?' }, mailLabel: { nl: 'Gemeente', en: 'Municipality' } },
    { name: 'howHeard', type: 'text', label: { nl: 'Hoe heb je voor het eerst van Join Us gehoord?', en: 'How did you first hear about Join Us?' }, mailLabel: { nl: 'Hoe ze van ons hoorden', en: 'How they heard of us' } },
    { ...message, optional: true, label: { nl: 'Wat wil je ons vertellen?', en: 'What would you like to tell us?' } },
    privacy,
  ],
  collection: 'start-location-requests',
  captcha: 'on-submit',
  rateLimit: 'form-posts',
  mail: {
    label: { nl: 'Aanvraag nieuwe locatie', en: 'Request to start a location' },
    what: { nl: 'een nieuwe aanvraag om een locatie te starten', en: 'a new request to start a location' },
    // Who they are and where they work first, then how to reach them.
    order: ['name', 'jobTitle', 'municipality', 'email', 'phone', 'howHeard', 'message', 'privacy'],
    confirmation: {
      subject: { nl: 'Bedankt voor je interesse in een Join Us-groep', en: 'Thank you for your interest in a Join Us group' },
      thanks: { nl: 'Wat fijn dat je een Join Us-groep wilt starten!', en: 'How wonderful that you want to start a Join Us group!' },
      next: () => ({
        nl: 'Iemand van ons team belt je om te bespreken wat er nodig is en hoe we je daarbij helpen.',
        en: 'Someone from our team will call you to talk about what is needed and how we can help.',
      }),
    },
  },
};
