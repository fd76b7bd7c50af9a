// Donation form. The amount is free: whole euros or euros and cents, typed
// with a comma (Dutch) or a point. Organisation is asked only when giving as an organisation.
import { z } from 'zod';
import { DONATION_MAX_EUR, DONATION_MIN_EUR } from '../constants';
import { formatNumber } from '../format';
import { translator, type Translate } from '../messages/index';
import type { Locale } from '../../i18n/locale';
import {
  blankToUndefined,
  checkbox,
  choice,
  mustAccept,
  optionalText,
  requiredEmail,
  requiredText,
  whenFieldsParsed,
} from './fields';

export const DONATION_FREQUENCIES = ['once', 'monthly', 'yearly'] as const;
export type DonationFrequency = (typeof DONATION_FREQUENCIES)[number];
export const DONOR_TYPES = ['person', 'organisation'] as const;

const AMOUNT_TEXT = /^\d+(?:[.,]\d{1,2})?$/;

function amountInput(value: unknown): unknown {
  const blank = blankToUndefined(value);
  if (typeof blank === 'number') return Number.isInteger(blank * 100) ? blank : Number.NaN;
  if (typeof blank !== 'string') return blank;
  const text = blank.replace(/^€\s*/, '');
  return AMOUNT_TEXT.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
}

function amountField(t: Translate, locale: Locale) {
  const min = formatNumber(DONATION_MIN_EUR, locale);
  const max = formatNumber(DONATION_MAX_EUR, locale);
  return z.preprocess(
    amountInput,
    z
      .number({ error: (issue) => t(issue.input === undefined ? 'amount.missing' : 'amount.invalid') })
      .min(DONATION_MIN_EUR, { error: t('amount.tooLow', { min }) })
      .max(DONATION_MAX_EUR, { error: t('amount.tooHigh', { max }) }),
  );
}

export function donationSchema(locale: Locale) {
  const t = translator(locale);
  return z
    .object({
      donateAs: z.preprocess(
        (value) => blankToUndefined(value) ?? 'person',
        z.enum(DONOR_TYPES, { error: t('form.fallback') }),
      ),
      firstname: requiredText(t, 'firstname.missing'),
      lastname: requiredText(t, 'lastname.missing'),
      email: requiredEmail(t),
      organisation: optionalText(t),
      /** In euro, at most two decimals. */
      amount: amountField(t, locale),
      frequency: choice(t, DONATION_FREQUENCIES, 'frequency.missing'),
      newsletter: checkbox(t),
      terms: mustAccept(t, 'terms.notAccepted'),
    })
    .superRefine(
      (form, ctx) => {
        if (form.donateAs === 'organisation' && form.organisation === undefined) {
          const message = t('organisation.missing');
          ctx.addIssue({ code: 'custom', path: ['organisation'], message, input: form.organisation });
        }
      },
      { when: whenFieldsParsed('donateAs', 'organisation') },
    );
}

export type DonationForm = z.output<ReturnType<typeof donationSchema>>;
