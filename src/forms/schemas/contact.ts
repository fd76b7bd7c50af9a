// Contact form: ends in a success message (data sent, we will contact you soon) or an error
// message (something went wrong sending your data).
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
} from './fields';

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
