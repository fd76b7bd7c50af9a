// The donation form: who gives, how much (a suggested amount or a free one, in cents from the
// first moment), how often, and the two agreements. A valid donation is not simply stored:
// it is stored and then paid (the `donation` hooks), and delivered once its payment is settled.
import { z } from 'zod';
import { translator, type MessageKey, type Translate } from '../../../forms/messages/index';
import { centsToInput, formatEuroNumber, parseEuroCents } from '../money';
import type { Locale } from '../../../i18n/locale';
import { blankToUndefined, checkbox, choice, mustAccept, optionalText, requiredEmail, requiredText, whenFieldsParsed } from '../../../forms/fields/fields';
import { DONATION_MAX_CENTS, DONATION_MIN_CENTS, DONATION_SUGGESTED_CENTS } from '../../../forms/constants';
import { formatEuro } from '../money';
import { email, organisation } from '../../../forms/definitions/shared-fields';
import type { FieldSpec, FormDefinition, Texts } from '../../../forms/definitions/types';

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

/** The amount is one of the suggested amounts or a free amount (`amount` is `other`, or any
 * amount typed in `amountOther`, which wins), in euros with a comma or a point, and becomes whole
 * cents (`amountCents`): no amount is ever a floating-point number. Organisation is asked only
 * when giving as an organisation. */
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

/** The answers that give `form` again through donationSchema (the amount as typed in the free
 * field): a form handed on by another server is checked by the form's own schema, not trusted. */
export function donationAnswers(form: DonationForm, locale: Locale): Record<string, unknown> {
  const { amountCents, ...rest } = form;
  return { ...rest, amount: OTHER_AMOUNT, amountOther: centsToInput(amountCents, locale) };
}

const euro = (cents: number): Texts => ({ nl: formatEuro(cents, 'nl'), en: formatEuro(cents, 'en') });

const amount: FieldSpec = {
  name: 'amount',
  type: 'choice',
  label: { nl: 'Bedrag', en: 'Amount' },
  options: [
    ...DONATION_SUGGESTED_CENTS.map((cents) => ({ value: String(cents / 100), label: euro(cents) })),
    { value: OTHER_AMOUNT, label: { nl: 'Ander bedrag', en: 'Another amount' } },
  ],
  defaultValue: String(DONATION_SUGGESTED_CENTS[1] / 100),
};

const amountOther: FieldSpec = {
  name: 'amountOther',
  type: 'text',
  label: { nl: 'Ander bedrag in euro', en: 'Another amount in euro' },
  mailLabel: { nl: 'Ander bedrag', en: 'Another amount' },
  hint: {
    nl: `Minimaal ${formatEuro(DONATION_MIN_CENTS, 'nl')}, maximaal ${formatEuro(DONATION_MAX_CENTS, 'nl')}. Bijvoorbeeld 15 of 12,50.`,
    en: `At least ${formatEuro(DONATION_MIN_CENTS, 'en')}, at most ${formatEuro(DONATION_MAX_CENTS, 'en')}. For example 15 or 12.50.`,
  },
  optional: true,
  autoComplete: 'off',
  inputMode: 'decimal',
  picks: { field: 'amount', value: OTHER_AMOUNT },
};

export const FREQUENCY_WORDS = {
  once: { nl: 'Eenmalig', en: 'Once' },
  monthly: { nl: 'Maandelijks', en: 'Monthly' },
  yearly: { nl: 'Jaarlijks', en: 'Yearly' },
} satisfies Record<string, Texts>;

const frequency: FieldSpec = {
  name: 'frequency',
  type: 'choice',
  label: { nl: 'Hoe vaak wil je geven?', en: 'How often would you like to give?' },
  mailLabel: { nl: 'Hoe vaak', en: 'How often' },
  options: Object.entries(FREQUENCY_WORDS).map(([value, label]) => ({ value, label })),
  defaultValue: 'once',
};

const donateAs: FieldSpec = {
  name: 'donateAs',
  type: 'choice',
  label: { nl: 'Je geeft als', en: 'You give as' },
  mailLabel: { nl: 'Geeft als', en: 'Gives as' },
  options: [
    { value: 'person', label: { nl: 'Particulier', en: 'A private person' } },
    { value: 'organisation', label: { nl: 'Organisatie', en: 'An organisation' } },
  ],
  defaultValue: 'person',
};

export const donation: FormDefinition = {
  name: 'donation',
  schema: donationSchema,
  fields: [
    amount,
    amountOther,
    frequency,
    { name: 'firstname', type: 'text', label: { nl: 'Voornaam', en: 'First name' }, autoComplete: 'given-name' },
    { name: 'lastname', type: 'text', label: { nl: 'Achternaam', en: 'Last name' }, autoComplete: 'family-name' },
    email,
    donateAs,
    { ...organisation, hint: { nl: 'Alleen als je namens een organisatie geeft.', en: 'Only when you give on behalf of an organisation.' } },
    { name: 'newsletter', type: 'checkbox', label: { nl: 'Ik wil de nieuwsbrief van Join Us ontvangen.', en: 'I would like to receive the Join Us newsletter.' }, mailLabel: { nl: 'Wil de nieuwsbrief', en: 'Wants the newsletter' }, optional: true },
    {
      name: 'terms',
      type: 'checkbox',
      label: { nl: 'Ik ga akkoord met de algemene voorwaarden en het privacybeleid.', en: 'I agree to the general conditions and the privacy policy.' },
      mailLabel: { nl: 'Akkoord met de voorwaarden', en: 'Agreed to the terms' },
    },
  ],
  collection: 'donations',
  captcha: 'on-submit',
  rateLimit: 'form-posts',
  hooks: 'donation',
  // Sent once the payment is paid, not when the form is posted.
  mail: {
    label: { nl: 'Gift', en: 'Donation' },
    what: { nl: 'een betaalde gift', en: 'a paid donation' },
    values: { frequency: FREQUENCY_WORDS },
    confirmation: {
      subject: { nl: 'Bedankt voor je gift', en: 'Thank you for your gift' },
      thanks: { nl: 'Dank je wel voor je gift aan Join Us! Je betaling is goed aangekomen.', en: 'Thank you for your gift to Join Us! Your payment has reached us.' },
      next: (data) => {
        const amount = String(data.amount ?? '');
        if (data.frequency === 'monthly') return { nl: `Je geeft voortaan elke maand ${amount}. Wil je dat stoppen of veranderen? Beantwoord dan deze e-mail.`, en: `From now on you give ${amount} every month. Would you like to stop or change that? Just reply to this email.` };
        if (data.frequency === 'yearly') return { nl: `Je geeft voortaan elk jaar ${amount}. Wil je dat stoppen of veranderen? Beantwoord dan deze e-mail.`, en: `From now on you give ${amount} every year. Would you like to stop or change that? Just reply to this email.` };
        return { nl: `Je gaf ${amount}. Met jouw steun staan minder jongeren er alleen voor.`, en: `You gave ${amount}. With your support fewer young people are on their own.` };
      },
    },
  },
};
