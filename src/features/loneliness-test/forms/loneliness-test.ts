// The loneliness test. Its questions come from content and its own view (the test flow)
// renders them with the flow's texts, so it lists no fields here. The server scores it, keeps
// the answers only with consent and anonymously, and mails the result only to the visitor:
// its own hooks, not the usual store-and-notify, so no mail texts either.
import { z } from 'zod';
import { AGE_INPUT_MAX, TEST_MIN_AGE } from '../../../forms/age-limits';
import { translator } from '../../../forms/messages/index';
import type { Locale } from '../../../i18n/locale';
import { ANSWERS, ITEM_COUNT } from '../rules/test-answers';
import { checkbox, optionalEmail } from '../../../forms/fields/fields';
import { ageField } from '../../../forms/fields/numbers-dates';
import { postcodeField } from '../../../forms/fields/postcode-field';
import type { FormDefinition } from '../../../forms/definitions/types';

/**
 * The script sends `answers` as a list. The no-JavaScript form names its radio groups
 * q1..q11 instead: a query-string parser compacts a list with a gap (an unanswered question)
 * and would shift every later answer onto the wrong item.
 */
export function collectAnswers(input: unknown): unknown {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  const form = input as Record<string, unknown>;
  if (form.answers !== undefined) return form;
  // Every question has its slot, answered or not: a form sent empty gets a message on each.
  return { ...form, answers: Array.from({ length: ITEM_COUNT }, (_, i) => form[`q${i + 1}`]) };
}

/** Exactly 11 slots, so each missing answer is reported on its own question. */
function elevenSlots(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return Array.from({ length: ITEM_COUNT }, (_, i): unknown => value[i]);
}

/** Consent decides whether the answers are stored; the email is only for mailing the result and
 * is never stored with the answers (the hooks drop it before storing). */
export function lonelinessTestSchema(locale: Locale) {
  const t = translator(locale);
  const answer = z.enum(ANSWERS, { error: t('test.answerMissing') });
  return z.preprocess(
    collectAnswers,
    z.object({
      answers: z.preprocess(elevenSlots, z.array(answer, { error: t('test.answerMissing') })),
      postcode: postcodeField(t),
      age: ageField(t, { min: TEST_MIN_AGE, max: AGE_INPUT_MAX, belowMin: 'test.ageTooYoung' }),
      consent: checkbox(t),
      researchPermission: checkbox(t),
      email: optionalEmail(t),
    }),
  );
}

export type LonelinessTestForm = z.output<ReturnType<typeof lonelinessTestSchema>>;

export const lonelinessTest: FormDefinition = {
  name: 'loneliness-test',
  schema: (locale) => lonelinessTestSchema(locale),
  fields: [],
  collection: 'loneliness-test-results',
  captcha: 'on-submit',
  rateLimit: 'results',
  hooks: 'loneliness-test',
};
