// A Dutch postcode field: checked, then normalised to `1234 AB` so the server, the search and
// the store all see one spelling.
import { z } from 'zod';
import type { MessageKey, Translate } from '../messages/index';
import { isValidPostcode, normalisePostcode } from '../postcode';
import { blankToUndefined } from './fields';

export interface PostcodeMessages {
  readonly missing?: MessageKey;
  readonly invalid?: MessageKey;
}

function postcodeString(t: Translate, messages: PostcodeMessages) {
  const { missing = 'postcode.missing', invalid = 'postcode.invalid' } = messages;
  return z
    .string({ error: t(missing) })
    .refine(isValidPostcode, { error: t(invalid) })
    .transform((value) => normalisePostcode(value) ?? value);
}

export function postcodeField(t: Translate, messages: PostcodeMessages = {}) {
  return z.preprocess(blankToUndefined, postcodeString(t, messages));
}

export function optionalPostcodeField(t: Translate, messages: PostcodeMessages = {}) {
  return z.preprocess(blankToUndefined, postcodeString(t, messages).optional());
}
