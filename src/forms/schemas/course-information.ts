// Course information request, on each course page.
import { z } from 'zod';
import { isoDay, startOfUtcDay } from '../dates';
import { translator } from '../messages/index';
import type { Locale } from '../../i18n/locale';
import { LONG_TEXT_MAX, mustAccept, optionalText, requiredEmail, requiredPhone, requiredText } from './fields';
import { dateField } from './numbers-dates';

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
