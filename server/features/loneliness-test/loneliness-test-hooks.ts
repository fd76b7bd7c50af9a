// The loneliness test through the form pipeline. The score is computed here; the answers are
// stored only with consent, anonymously (`storedTestRecord`: no email, postcode area only);
// an email, if given, only queues the "your results" mail to the visitor and is never stored.
// With JavaScript the answer is JSON with the groups the result names; without, the start
// page with the result. `_mailOnly=1` (the flow's later "mail my result") mails without
// storing again. A result is never refused for volume: past the address's budget it is shown
// and nothing is kept or mailed.
import { pathTo } from '../../../src/routing/path-to';
import { findGroupAdvice } from '../../../src/features/loneliness-test/rules/find-group-advice';
import type { LonelinessTestForm } from '../../../src/features/loneliness-test/forms/loneliness-test';
import { formatMessage } from '../../../src/forms/messages/index';
import type { Locale } from '../../../src/i18n/locale';
import { scoreTest } from '../../../src/features/loneliness-test/rules/score';
import { storedTestRecord } from '../../../src/features/loneliness-test/rules/stored-record';
import { resultMailToQueue } from './result-mail';
import type { FormHooks, FormPost } from '../../forms/form-post';
import { readTestBody } from '../../forms/read-body';
import { refused, REFUSALS } from '../../forms/refusal';
import { visitorMailAllowed } from '../../forms/rate-limits';
import { json } from '../../pages/answer';
import { wantsJson } from '../../pages/answer-writer';

const mailOnly = (fields: Record<string, string>) => fields._mailOnly === '1';
const startPage = (locale: Locale) => pathTo('doe-de-test-start', locale);

/** Values the result page may see again: never the email. */
function pageValues(fields: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) if (/^(q\d{1,2}|postcode|age|consent|researchPermission)$/.test(k)) values[k] = v;
  return values;
}

export const lonelinessTestHooks: FormHooks = {
  readBody: (req, res) => readTestBody(req, res),

  // A mail-only post asks nothing about keeping the answers.
  input: ({ fields }) => (mailOnly(fields) ? { ...fields, consent: '', researchPermission: '' } : fields),

  check: ({ fields, locale }, data) =>
    mailOnly(fields) && !(data as LonelinessTestForm).email ? { email: formatMessage(locale, 'email.missing') } : null,

  // The plain form names its questions q1..q11.
  pageErrors(errors) {
    const out = { ...errors };
    for (const key of Object.keys(errors)) {
      const m = /^answers\.(\d+)$/.exec(key);
      if (m) out[`q${Number(m[1]) + 1}`] = errors[key]!;
    }
    return out;
  },

  // The form again (a mistake, a question to confirm) shows every answer, the email too: the
  // visitor typed it on this page. The result page below never shows it.
  page: ({ locale, fields }) => ({ path: startPage(locale), values: { ...pageValues(fields), ...(fields.email ? { email: fields.email } : {}) } }),

  async accept(post, data) {
    const { req, res, def, deps, locale, fields } = post;
    const form = data as LonelinessTestForm;
    const score = scoreTest(form.answers);
    // The result is always shown; what it keeps or mails is counted per address, and past the
    // budget (rate-limits.ts) nothing is kept or mailed. A mail-only post is nothing but a mail.
    const writing = Boolean(form.email) || (!mailOnly(fields) && storedTestRecord(form) !== null);
    const writes = writing && post.writes && (await deps.rateLimits.resultWrites(req, res));
    // The result mail within the budgets of mails to visitors too (per client, per recipient).
    const mailing = writes && form.email !== undefined && (await visitorMailAllowed(req, deps.rateLimits, deps.logger, form.email));
    if (mailOnly(fields) && !mailing) return refused(req, REFUSALS.rateLimited, fields);
    const stored = mailOnly(fields) || !writes ? false : storeWithConsent(post, form);
    const mailed = mailing ? await mailResult(post, form, score) : false;
    if (wantsJson(req)) {
      // No message: the flow says its own "that did not work, try again" (testFlow.error).
      if (mailOnly(fields) && !mailed) return json(503, { ok: false });
      // The groups near the postcode for the age, as the plain form's result page names them
      // (looked up only for the enhanced flow, which shows them itself).
      const group = !mailOnly(fields) && deps.content ? await findGroupAdvice(deps.content, { band: score.band, age: form.age, postcode: form.postcode, locale }, req.log ?? deps.logger) : null;
      return json(200, { ok: true, score, stored, mailed, group });
    }
    const values = { ...pageValues(fields), _result: '1', _stored: stored ? '1' : '0', _mailed: mailed ? '1' : '0' };
    return { kind: 'page', path: startPage(locale), status: 200, state: { formState: { form: def.name, values, errors: {}, formErrors: [] } } };
  },
};

/** True when the answers were kept (with consent, anonymously). */
function storeWithConsent({ req, def, deps, fields }: FormPost, form: LonelinessTestForm): boolean {
  const record = storedTestRecord(form);
  if (!record) return false;
  const idempotencyKey = /^[\w-]{8,64}$/.test(fields._sid ?? '') ? fields._sid : undefined;
  // Two visitors may well give the same anonymous answers: only the browser's key for this
  // filled-in test marks a resend, never equal content.
  const saved = deps.sink.save({ form: def.name, collection: def.collection, data: { ...record }, files: [], idempotencyKey, dedupe: 'key-only' });
  req.log?.info({ form: def.name, submission: saved.id, duplicate: saved.duplicate }, 'test stored');
  return true;
}

/** True when the result mail was queued. */
async function mailResult({ def, deps, locale }: FormPost, form: LonelinessTestForm, score: ReturnType<typeof scoreTest>): Promise<boolean> {
  if (!form.email) return false;
  if (!deps.sink.queueMail) {
    deps.logger.warn({ form: def.name }, 'result mail asked for, but the sink cannot mail results');
    return false;
  }
  // The content's advice, disclaimer and help lines; the mail's own texts if it has none.
  const content = deps.content ? await deps.content.lonelinessTest(locale).catch(() => null) : null;
  deps.sink.queueMail(resultMailToQueue({ to: form.email, locale, score, age: form.age, siteUrl: deps.publicOrigin, content }));
  return true;
}
