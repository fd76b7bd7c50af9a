// The form again, as the visitor left it: what a post without JavaScript gets back when it is not
// yet sent (a move between steps, a mistake, a question to confirm, a payment that could not
// start). One place decides it, so no answer drops what the visitor typed:
// - the page the form was on, with the parameters that decide what it shows (form-return.ts);
// - every answer, and what the hidden context fixed (a sign-up's group, resolved before any
//   answer), never the form machinery's fields or a password; the context itself (where a
//   login goes next) for a page whose query no longer says it;
// - the step the form is at;
// - the form's first stamp, carried along: the fill time counts from when the visitor first
//   opened the form, not from this page (a quick second step or a quick resend of a corrected
//   form is still a person's). A question to confirm gets the stamp made with it, which its
//   confirmation must carry;
// - what happened, said first in the page's title (the tab and a screen reader hear it): the
//   page lands at the form's message (form-view.client.tsx), this says it.
import type { PageAnswer } from '../pages/answer';
import { t } from '../../src/i18n/intl';
import { formatPlain } from '../../src/i18n/plain';
import { formViewEn, formViewNl } from '../../src/i18n/messages/form-view';
import { stepsOf } from '../../src/forms/steps';
import { formReturn } from '../../src/routing/form-return';
import { POST_FIELD_NAMES, POST_FIELDS } from '../../src/forms/post-protocol';
import type { FormHooks, FormPost } from './form-post';

/** The form machinery's fields: never an answer to show again. */
const META_FIELDS = [...POST_FIELD_NAMES, 'altcha', 'g-recaptcha-response', 'context'];

/** What the visitor typed, to show again: never the form machinery's fields or a password. */
export function keptValues(fields: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) if (!META_FIELDS.includes(k) && !/password/i.test(k)) values[k] = v;
  return values;
}

export type FormAgain = {
  /** What the answer is: a mistake, a move to another step, a question to confirm, or a
   * problem that kept it from being sent (a payment that could not start, an account's). */
  outcome: 'invalid' | 'step' | 'confirm' | 'not-sent';
  status: number;
  errors?: Record<string, string>;
  formErrors?: string[];
  /** The step a form in steps shows (1-based). */
  step?: number;
  /** `carried`: the post's own stamp when it is ours; `fresh`: the page makes a new one;
   * `made`: this one (a question to confirm: the stamp its confirmation must carry). */
  stamp: 'carried' | 'fresh' | { made: string };
};

/** `hooks`: the form's own page for it, when it has one (the loneliness test's start page). */
export function formAgain(post: FormPost, hooks: Pick<FormHooks, 'page'>, again: FormAgain): PageAnswer {
  const { def, deps, fields } = post;
  const back = formReturn(fields[POST_FIELDS.page]);
  const page = hooks.page?.(post) ?? { path: back.path, values: keptValues(fields) };
  const given = fields[POST_FIELDS.stamp];
  const stamp = typeof again.stamp === 'object' ? again.stamp.made : again.stamp === 'carried' && deps.stamps.issuedAt(given) !== null ? given : undefined;
  const title = answerTitle(post, again);
  const context = typeof fields.context === 'string' && fields.context.length <= 300 ? fields.context : undefined;
  return {
    kind: 'page',
    path: page.path,
    query: page.path === back.path ? back.query : undefined,
    status: again.status,
    state: { formState: { form: def.name, values: page.values, errors: again.errors ?? {}, formErrors: again.formErrors ?? [], step: again.step, stamp, context, title } },
  };
}

/** The page title's first words for this answer: the step for a move, else what happened. */
function answerTitle({ def, locale }: FormPost, again: FormAgain): string {
  if (again.outcome === 'invalid') return t(locale, 'formAnswer.incomplete');
  if (again.outcome === 'confirm') return t(locale, 'formAnswer.confirm');
  if (again.outcome === 'not-sent') return t(locale, 'refusal.notSent');
  const total = stepsOf(def)?.length ?? 1;
  return formatPlain((locale === 'en' ? formViewEn : formViewNl)['formView.step'], { step: again.step ?? 1, total });
}
