// The answer to a post that is not valid: JSON with the errors per field (with JavaScript),
// or the page again with the errors next to the fields and the values kept (without), at the
// first step with an error for a form in steps.
import { formatMessage } from '../../src/forms/messages/index';
import { firstStepWithError, stepsOf } from '../../src/forms/steps';
import { either, json, type Answer } from '../pages/answer';
import { formAgain } from './form-again';
import type { FormHooks, FormPost } from './form-post';

export function answerInvalid(post: FormPost, hooks: FormHooks, fieldErrors: Record<string, string>, formErrors: string[]): Answer {
  const { def, locale } = post;
  const errors = hooks.pageErrors?.(fieldErrors) ?? fieldErrors;
  const message = formatMessage(locale, 'form.incomplete');
  const steps = stepsOf(def);
  const step = steps ? (firstStepWithError(steps, errors) ?? undefined) : undefined;
  // The page as the visitor left it, so the form comes back where it was.
  return either(json(422, { ok: false, message, errors, formErrors }), formAgain(post, hooks, { outcome: 'invalid', status: 422, errors, formErrors: [message, ...formErrors], step, stamp: 'carried' }));
}
