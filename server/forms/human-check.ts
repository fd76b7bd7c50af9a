// Does this post come from a person? With JavaScript it carries a solved captcha (ALTCHA, or
// reCAPTCHA when configured). Without, the honeypot must be empty, and then the stamp ours and
// the form on screen long enough, within the form's budget for posts without captcha
// (rate-limits.ts); a post that is not (browser autofill, a busy school network, a page from
// before a restart) is asked to confirm instead of refused (confirm-step.ts), and the
// confirmation is held to the fill time and to a budget of its own.
import { FORM_STAMP_FIELD, honeypotEmpty } from './bot-guard';
import type { FormHooks, FormPost } from './form-post';
import { safeReturnPath } from '../../src/forms/return-path';
import { verifyRecaptcha } from './recaptcha';
import type { Answer } from '../pages/answer';
import { refused, REFUSALS, type Refusal } from './refusal';
import { POST_FIELDS } from '../../src/forms/post-protocol';

export type HumanVerdict =
  /** A person: a solved captcha, the fill time, or a confirmation (`confirmed`: its question's
   * stamp is spent, so a form again gets a fresh one). `writes` false: a result past its
   * budget, shown but not stored or mailed. */
  | { kind: 'person'; writes: boolean; confirmed?: boolean }
  /** No captcha and nothing to vouch for it: ask to send it once more (confirm-step.ts). */
  | { kind: 'confirm' }
  /** Refused, with the answer that says why. */
  | { kind: 'refused'; answer: Answer };

export async function checkHuman(post: FormPost, hooks: FormHooks): Promise<HumanVerdict> {
  const { req, res, fields, def, deps } = post;
  const refuse = (refusal: Refusal = REFUSALS.bot): HumanVerdict => ({ kind: 'refused', answer: refused(req, refusal, fields) });
  if (!honeypotEmpty(fields)) return refuse();
  const token = deps.recaptcha ? fields['g-recaptcha-response'] : fields.altcha;
  if (token) {
    const ok = deps.recaptcha
      ? await verifyRecaptcha(deps.recaptcha, token, { action: def.name.replace(/[^A-Za-z_]/g, '_'), hostname: new URL(deps.publicOrigin).hostname })
      : await deps.altcha.verify(token);
    return ok ? { kind: 'person', writes: true } : refuse(REFUSALS.captcha);
  }

  // Without JavaScript. The fill time never refuses: a post it cannot vouch for is asked to
  // confirm, its answers in the form again. That includes a stamp that is not ours (a page
  // rendered before a restart with another secret, or none at all): a person keeps what they
  // typed, and a script gains nothing, as the confirmation needs the stamp of the page that asked.
  const stampedAt = deps.stamps.issuedAt(fields[FORM_STAMP_FIELD]);
  const result = def.rateLimit === 'results';
  const answer = stampedAt === null ? 'none' : await deps.confirmations.answer(post, hooks, stampedAt);
  if (result && !(await deps.rateLimits.resultWithoutCaptcha(req, res))) return refuse(REFUSALS.rateLimited);
  if (answer === 'answered') {
    // Sooner after the page that asked than a person reads it: asked again, its uploads carried.
    if (Date.now() - stampedAt! < deps.stamps.minFillMs) return { kind: 'confirm' };
    // A result's writes count as any result's; a form's confirmations in their own budget.
    if (result) return { kind: 'person', writes: await deps.rateLimits.withoutCaptcha(req, res), confirmed: true };
    return (await deps.rateLimits.confirmed(req, res)) ? { kind: 'person', writes: true, confirmed: true } : refuse(REFUSALS.rateLimited);
  }
  const withinBudget = await deps.rateLimits.withoutCaptcha(req, res);
  // A question's stamp used before vouches for nothing: asked again.
  if (stampedAt === null || answer === 'spent' || (!withinBudget && !result)) return { kind: 'confirm' };
  // Measured from this client's first view of the page when this process saw it (the stamp
  // says when the page was rendered, which may be well before the visit).
  const viewed = deps.pageViews.firstSeen(req.ip ?? '', safeReturnPath(fields[POST_FIELDS.page]));
  const tooQuick = viewed !== undefined && Date.now() - viewed < deps.stamps.minFillMs;
  if (!tooQuick && deps.stamps.filledLikeAPerson(fields[FORM_STAMP_FIELD])) return { kind: 'person', writes: withinBudget };
  return { kind: 'confirm' };
}
