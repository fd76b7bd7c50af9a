// Start-a-location: for professionals (often at a municipality) who want a
// Join Us group in their area. Phone is required here: the foundation calls them back.
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
} from './fields';

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
