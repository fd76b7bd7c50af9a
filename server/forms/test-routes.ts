// POST /forms/loneliness-test (issue 7): the test's answers. The shared schema decides; the
// score is computed here; the answers are stored only with consent, anonymously
// (`storedTestRecord`: no email, postcode area only), through the durable store; an email, if
// given, is used only to queue the "your results" mail to the visitor and is never stored.
// With JavaScript the answer is JSON (with the groups the result names); without it the start page is rendered with the result.
// `_mailOnly=1` (the browser flow's later "mail my result") mails without storing again.
import express, { type Request, type Response, type Router } from 'express';
import { formatMessage, type FormLocale } from '../../src/forms/messages/index';
import { lonelinessTestSchema } from '../../src/forms/schemas/loneliness-test';
import { validateForm } from '../../src/forms/validate';
import { findGroupAdvice } from '../../src/loneliness-test/find-group-advice';
import { scoreTest } from '../../src/loneliness-test/score';
import { storedTestRecord } from '../../src/loneliness-test/stored-record';
import type { FormRouteDeps } from './form-routes';
import { fromOwnOrigin } from './origin-check';
import { refuse, REFUSALS, wantsJson } from './refusal';

export const TEST_FORM = 'loneliness-test';
export const TEST_COLLECTION = 'loneliness-test-results';

type TestRouteDeps = FormRouteDeps & {
  checkHuman(req: Request, res: Response, fields: Record<string, string>, action: string): Promise<'ok' | 'refused'>;
};

const urlencoded = express.urlencoded({ extended: false, limit: '20kb', parameterLimit: 60 });

/** Values the result page may see again: never the email. */
function pageValues(fields: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) if (/^(q\d{1,2}|postcode|age|consent|researchPermission)$/.test(k)) values[k] = v;
  return values;
}

export function testRoutes(deps: TestRouteDeps): Router {
  const router = express.Router();

  router.post(`/forms/${TEST_FORM}`, (req, res, next) => {
    if (!fromOwnOrigin(req, deps.publicOrigin)) return refuse(req, res, REFUSALS.origin, deps.stylesheets);
    deps.rateLimits.all(req, res, () => void handle(req, res).catch(next));
  });

  async function handle(req: Request, res: Response): Promise<void> {
    if (!req.is('application/x-www-form-urlencoded')) return refuse(req, res, REFUSALS.badRequest, deps.stylesheets);
    await new Promise<void>((resolve, reject) => urlencoded(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries((req.body ?? {}) as Record<string, unknown>)) if (typeof v === 'string') fields[k] = v;
    const locale: FormLocale = fields._locale === 'en' ? 'en' : 'nl';
    const page = locale === 'en' ? '/en/doe-de-test/start' : '/doe-de-test/start';

    if ((await deps.checkHuman(req, res, fields, TEST_FORM)) !== 'ok') return;

    const mailOnly = fields._mailOnly === '1';
    const result = validateForm(lonelinessTestSchema(locale), mailOnly ? { ...fields, consent: '', researchPermission: '' } : fields, locale);
    if (!result.ok || (mailOnly && !result.data.email)) {
      const errors: Record<string, string> = result.ok ? { email: formatMessage(locale, 'form.fallback') } : { ...result.errors };
      // The plain form names its questions q1..q11.
      for (const key of Object.keys(errors)) {
        const m = /^answers\.(\d+)$/.exec(key);
        if (m) errors[`q${Number(m[1]) + 1}`] = errors[key]!;
      }
      const message = formatMessage(locale, 'form.incomplete');
      const formErrors = result.ok ? [] : [...result.formErrors];
      if (wantsJson(req)) return void res.status(422).set('Cache-Control', 'no-store').json({ ok: false, message, errors, formErrors });
      return deps.renderPage(req, res, { path: page, status: 422, formState: { form: TEST_FORM, values: pageValues(fields), errors, formErrors: [message, ...formErrors] } });
    }

    const form = result.data;
    const score = scoreTest(form.answers);
    let stored = false;
    if (!mailOnly) {
      const record = storedTestRecord(form);
      if (record) {
        const idempotencyKey = /^[\w-]{8,64}$/.test(fields._sid ?? '') ? fields._sid : undefined;
        // Two visitors may well give the same anonymous answers: only the browser's key for
        // this filled-in test marks a resend, never equal content.
        const saved = deps.sink.save({ form: TEST_FORM, collection: TEST_COLLECTION, data: { ...record }, files: [], idempotencyKey, dedupe: 'key-only' });
        stored = true;
        req.log?.info({ form: TEST_FORM, submission: saved.id, duplicate: saved.duplicate }, 'test stored');
      }
    }
    let mailed = false;
    if (form.email) {
      if (deps.sink.mailResult) {
        // The content's advice, disclaimer and help lines; the mail's own texts if it has none.
        const content = deps.content ? await deps.content.lonelinessTest(locale).catch(() => null) : null;
        deps.sink.mailResult({ to: form.email, locale, score, age: form.age, siteUrl: deps.publicOrigin, content });
        mailed = true;
      } else {
        deps.logger.warn({ form: TEST_FORM }, 'result mail asked for, but the sink cannot mail results');
      }
    }

    if (wantsJson(req)) {
      if (mailOnly && !mailed) return void res.status(503).set('Cache-Control', 'no-store').json({ ok: false, message: formatMessage(locale, 'form.fallback') });
      // The groups near the postcode for the age, as the plain form's result page names them.
      const group = !mailOnly && deps.content ? await findGroupAdvice(deps.content, { band: score.band, age: form.age, postcode: form.postcode, locale }, req.log ?? deps.logger) : null;
      return void res.set('Cache-Control', 'no-store').json({ ok: true, score, stored, mailed, group });
    }
    const values = { ...pageValues(fields), _result: '1', _stored: stored ? '1' : '0', _mailed: mailed ? '1' : '0' };
    return deps.renderPage(req, res, { path: page, status: 200, formState: { form: TEST_FORM, values, errors: {}, formErrors: [] } });
  }

  return router;
}
