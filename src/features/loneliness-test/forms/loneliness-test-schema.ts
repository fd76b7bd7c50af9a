// The loneliness test's answers (spec section 3, issue 7). Consent decides whether the answers
// are stored; the email is only for mailing the result and is never stored with the answers
// (the caller drops it before storing).
import { z } from 'zod';
import { AGE_INPUT_MAX, TEST_MIN_AGE } from '../../../forms/age-limits';
import { translator } from '../../../forms/messages/index';
import type { Locale } from '../../../i18n/locale';
import { ANSWERS, ITEM_COUNT } from '../rules/test-answers';
import { checkbox, optionalEmail } from '../../../forms/schemas/fields';
import { ageField } from '../../../forms/schemas/numbers-dates';
import { postcodeField } from '../../../forms/schemas/postcode-field';

/**
 * The script sends `answers` as a list. The no-JavaScript form names its radio groups
 * q1..q11 instead: a query-string parser compacts a list with a gap (an unanswered question)
 * and would shift every later answer onto the wrong item.
 */
export function collectAnswers(input: unknown): unknown {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  const form = input as Record<string, unknown>;
  if (form.answers !== undefined) return form;
  const answers = Array.from({ length: ITEM_COUNT }, (_, i) => form[`q${i + 1}`]);
  return answers.every((a) => a === undefined) ? form : { ...form, answers };
}

/** Exactly 11 slots, so each missing answer is reported on its own question. */
function elevenSlots(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return Array.from({ length: ITEM_COUNT }, (_, i): unknown => value[i]);
}

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
