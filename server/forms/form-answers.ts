// The answer to a post that is not valid: JSON with the errors per field (with JavaScript),
// or the page again with the errors next to the fields and the values kept (without), at the
// first step with an error for a form in steps. And the answer to one that could not be sent
// for a reason that is no field's: the message, above the form again with its answers.
import { formatMessage } from '../../src/forms/messages/index';
import { firstStepWithError, stepsOf } from '../../src/forms/steps';
import { either, json, type Answer } from '../pages/answer';
import { formAgain, type FormAgain } from './form-again';
import type { FormHooks, FormPost } from './form-post';

export function answerInvalid(post: FormPost, hooks: FormHooks, fieldErrors: Record<string, string>, formErrors: string[], stamp: FormAgain['stamp'] = 'carried'): Answer {
  const { def, locale } = post;
  const errors = hooks.pageErrors?.(fieldErrors) ?? fieldErrors;
  const message = formatMessage(locale, 'form.incomplete');
  const steps = stepsOf(def);
  const step = steps ? (firstStepWithError(steps, errors) ?? undefined) : undefined;
  // The page as the visitor left it, so the form comes back where it was.
  return either(json(422, { ok: false, message, errors, formErrors }), formAgain(post, hooks, { outcome: 'invalid', status: 422, errors, formErrors: [message, ...formErrors], step, stamp }));
}

/** Not sent, for a reason that is no field's (an event that is over, a payment that could not
 * start, an account's problem): JSON with the message, or the page with the answers kept and
 * the message above them. `stamp`: as the form again takes it (form-again.ts). */
export function answerNotSent(post: FormPost, message: string, status: number, stamp: FormAgain['stamp'] = 'carried'): Answer {
  return either(json(status, { ok: false, message, errors: {}, formErrors: [] }), formAgain(post, {}, { outcome: 'not-sent', status, formErrors: [message], stamp }));
}
