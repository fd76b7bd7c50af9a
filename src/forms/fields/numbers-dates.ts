// Ages and dates as form fields. Ages are whole years within the input bounds 0 to 120;
// dates travel as `YYYY-MM-DD` (what `<input type="date">` sends), read in UTC.
import { z } from 'zod';
import { AGE_INPUT_MAX, AGE_INPUT_MIN } from '../age-limits';
import { isoDay, parseDateWithFormat } from '../dates';
import type { MessageKey, Translate } from '../messages/index';
import { blankToUndefined, toNumberInput } from './fields';

export interface AgeFieldOptions {
  readonly min?: number;
  readonly max?: number;
  /** The message below the minimum; by default "your age cannot be lower than {min}". */
  readonly belowMin?: MessageKey;
}

function ageNumber(t: Translate, options: AgeFieldOptions) {
  const { min = AGE_INPUT_MIN, max = AGE_INPUT_MAX, belowMin = 'age.belowMin' } = options;
  return z
    .number({ error: (issue) => t(issue.input === undefined ? 'age.missing' : 'age.notWhole') })
    .int({ error: t('age.notWhole') })
    .min(min, { error: t(belowMin, { min }) })
    .max(max, { error: t('age.aboveMax', { max }) });
}

export function ageField(t: Translate, options: AgeFieldOptions = {}) {
  return z.preprocess(toNumberInput, ageNumber(t, options));
}

// `.optional()` must sit inside the preprocess: a blank field only becomes undefined there.
export function optionalAgeField(t: Translate, options: AgeFieldOptions = {}) {
  return z.preprocess(toNumberInput, ageNumber(t, options).optional());
}

function dateInput(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'invalid' : isoDay(value);
  return blankToUndefined(value);
}

/** A calendar day as `YYYY-MM-DD`; refuses days that do not exist (31 February). */
export function dateField(t: Translate, missing: MessageKey = 'date.missing') {
  return z.preprocess(
    dateInput,
    z
      .string({ error: t(missing) })
      .refine((value) => parseDateWithFormat(value) !== undefined, { error: t('date.invalid') }),
  );
}
