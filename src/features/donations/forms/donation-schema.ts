// Donation form. The amount is one of the suggested amounts or a free amount (`amount` is
// `other`, or any typed free amount in `amountOther`, which wins), typed in euros with a comma (Dutch) or a point,
// and becomes whole cents (`amountCents`): no amount is ever a floating-point number.
// Organisation is asked only when giving as an organisation.
import { z } from 'zod';
import { DONATION_MAX_CENTS, DONATION_MIN_CENTS } from '../../../forms/constants';
import { translator, type MessageKey, type Translate } from '../../../forms/messages/index';
import { formatEuroNumber, parseEuroCents } from '../money';
import type { Locale } from '../../../i18n/locale';
import { blankToUndefined, checkbox, choice, mustAccept, optionalText, requiredEmail, requiredText, whenFieldsParsed } from '../../../forms/schemas/fields';

export const DONATION_FREQUENCIES = ['once', 'monthly', 'yearly'] as const;
export type DonationFrequency = (typeof DONATION_FREQUENCIES)[number];
export const DONOR_TYPES = ['person', 'organisation'] as const;
/** The `amount` that means "the free amount in `amountOther`". */
export const OTHER_AMOUNT = 'other';

type AmountVerdict = { ok: true; cents: number } | { ok: false; field: 'amount' | 'amountOther'; key: MessageKey };

/** The chosen amount in cents, or which field is wrong and why. */
export function chosenAmount(amount: unknown, amountOther: unknown): AmountVerdict {
  const chosen = blankToUndefined(amount);
  const free = blankToUndefined(amountOther);
  // A typed free amount wins: without JavaScript nothing ticks "another amount" when the free
  // field is typed in, and with it, choosing a suggested amount empties the free field.
  const field = free !== undefined || chosen === OTHER_AMOUNT ? 'amountOther' : 'amount';
  const text = field === 'amountOther' ? free : chosen;
  if (text === undefined) return { ok: false, field, key: 'amount.missing' };
  const cents = typeof text === 'string' ? parseEuroCents(text) : null;
  if (cents === null) return { ok: false, field, key: 'amount.invalid' };
  if (cents < DONATION_MIN_CENTS) return { ok: false, field, key: 'amount.tooLow' };
  if (cents > DONATION_MAX_CENTS) return { ok: false, field, key: 'amount.tooHigh' };
  return { ok: true, cents };
}

function amountMessage(t: Translate, locale: Locale, key: MessageKey): string {
  return t(key, { min: formatEuroNumber(DONATION_MIN_CENTS, locale), max: formatEuroNumber(DONATION_MAX_CENTS, locale) });
}

export function donationSchema(locale: Locale) {
  const t = translator(locale);
  return z
    .object({
      donateAs: z.preprocess((value) => blankToUndefined(value) ?? 'person', z.enum(DONOR_TYPES, { error: t('form.fallback') })),
      firstname: requiredText(t, 'firstname.missing'),
      lastname: requiredText(t, 'lastname.missing'),
      email: requiredEmail(t),
      organisation: optionalText(t),
      amount: z.unknown().optional(),
      amountOther: z.unknown().optional(),
      frequency: choice(t, DONATION_FREQUENCIES, 'frequency.missing'),
      newsletter: checkbox(t),
      terms: mustAccept(t, 'terms.notAccepted'),
    })
    .superRefine(
      (form, ctx) => {
        const verdict = chosenAmount(form.amount, form.amountOther);
        if (!verdict.ok) ctx.addIssue({ code: 'custom', path: [verdict.field], message: amountMessage(t, locale, verdict.key), input: form[verdict.field] });
      },
      // Every problem at once: the amount is checked even when another field failed.
      { when: () => true },
    )
    .superRefine(
      (form, ctx) => {
        if (form.donateAs === 'organisation' && form.organisation === undefined) {
          ctx.addIssue({ code: 'custom', path: ['organisation'], message: t('organisation.missing'), input: form.organisation });
        }
      },
      { when: whenFieldsParsed('donateAs', 'organisation') },
    )
    .transform(({ amount: _amount, amountOther: _other, ...form }) => {
      const verdict = chosenAmount(_amount, _other);
      return { ...form, amountCents: verdict.ok ? verdict.cents : 0 };
    });
}

export type DonationForm = z.output<ReturnType<typeof donationSchema>>;
