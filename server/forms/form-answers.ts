// The answer to a post that is not valid: JSON with the errors per field (with JavaScript),
// or the page again with the errors next to the fields and the values kept (without), at the
// first step with an error for a form in steps.
import { formatMessage } from '../../src/forms/messages/index';
import { firstStepWithError, stepsOf } from '../../src/forms/steps';
import type { FormHooks, FormPost } from './form-post';
import { formReturn } from '../../src/routing/form-return';
import { wantsJson } from './refusal';
import { POST_FIELD_NAMES, POST_FIELDS } from '../../src/forms/post-protocol';
import { CACHE } from '../http/cache-policies';

/** Fields of the form machinery, not of the visitor's answers. */
const META_FIELDS = [...POST_FIELD_NAMES, 'altcha', 'g-recaptcha-response', 'context'];

export async function answerInvalid(post: FormPost, hooks: FormHooks, fieldErrors: Record<string, string>, formErrors: string[]): Promise<void> {
  const { req, res, def, deps, locale, fields } = post;
  const errors = hooks.pageErrors?.(fieldErrors) ?? fieldErrors;
  const message = formatMessage(locale, 'form.incomplete');
  if (wantsJson(req)) return void res.status(422).set('Cache-Control', CACHE.noStore).json({ ok: false, message, errors, formErrors });
  const back = formReturn(fields[POST_FIELDS.page]);
  const page = hooks.page?.(post) ?? { path: back.path, values: keptValues(fields) };
  const steps = stepsOf(def);
  const step = steps ? (firstStepWithError(steps, errors) ?? undefined) : undefined;
  const formState = { form: def.name, values: page.values, errors, formErrors: [message, ...formErrors], step };
  // The page as the visitor left it, so the form comes back where it was.
  await deps.renderPage(req, res, { path: page.path, query: page.path === back.path ? back.query : undefined, status: 422, formState });
}

/** What the visitor typed, to show again: never the form machinery's fields or a password. */
export function keptValues(fields: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) if (!META_FIELDS.includes(k) && !/password/i.test(k)) values[k] = v;
  return values;
}
