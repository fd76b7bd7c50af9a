// Vacancy application. CV and motivation together may be at most 100 MB; above that the
// visitor is asked to send a file-transfer link instead.
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
} from './fields';
import { optionalFile, requiredFile, totalUploadTooLarge, uploadTooLargeMessage } from './files';

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
