// POST /forms/{name}: every form of the site. The same zod schema as in the browser decides;
// a valid submission is stored durably before the visitor hears "sent". Without JavaScript
// the answer is a page (errors next to the fields, values kept) or a redirect to the success
// state; with JavaScript it is JSON.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import { formatMessage } from '../../src/forms/messages/index';
import type { Locale } from '../../src/i18n/locale';
import { errorsUpTo, FORM_STEPS, firstStepWithError, parseStep } from '../../src/forms/steps';
import { validateForm } from '../../src/forms/validate';
import { UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_MB } from '../../src/forms/constants';
import type { Altcha } from './altcha';
import { honeypotEmpty, FORM_STAMP_FIELD, type FormStamps } from './bot-guard';
import { safeReturnPath, type FormState } from './form-state';
import { parseMultipart, type StoredUpload } from './multipart';
import { fromOwnOrigin } from './origin-check';
import type { formRateLimits } from './rate-limits';
import { verifyRecaptcha, type RecaptchaSettings } from './recaptcha';
import { refuse, REFUSALS, wantsJson } from './refusal';
import { FORMS, META_FIELDS, type FormDefinition } from './registry';
import { testRoutes } from './test-routes';
import type { ResultMailInput } from '../mail/result-mail';
import type { SiteContent } from '../../src/content/site-content';

export type FormSink = {
  save(input: { form: string; collection: string; data: Record<string, unknown>; files: StoredUpload[]; idempotencyKey?: string; dedupe?: 'key-or-content' | 'key-only' }): { id: string; duplicate: boolean };
  /** Queues the notification (and confirmation) mails of a new submission. */
  notify(input: { form: string; id: string; data: Record<string, unknown>; locale: Locale; confirm: boolean }): void;
  /** Queues the loneliness test's result mail to the visitor only (the address is stored nowhere else). */
  mailResult?(input: ResultMailInput): void;
};

export type FormRouteDeps = {
  publicOrigin: string;
  stylesheets: string[];
  uploadDir: string;
  sink: FormSink;
  altcha: Altcha;
  recaptcha?: RecaptchaSettings;
  stamps: FormStamps;
  rateLimits: ReturnType<typeof formRateLimits>;
  renderPage(req: Request, res: Response, page: { path: string; status: number; formState: FormState }): Promise<void>;
  logger: Logger;
  /** Content for forms whose rules depend on it (a sign-up's group and its age range). */
  content?: SiteContent;
};

const urlencoded = express.urlencoded({ extended: true, limit: '100kb', parameterLimit: 200 });

export function formRoutes(deps: FormRouteDeps): Router {
  const router = express.Router();

  router.get('/api/captcha/challenge', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await deps.altcha.challenge());
  });

  router.use(testRoutes({ ...deps, checkHuman }));

  router.post('/forms/:form', (req, res, next) => {
    const def = FORMS[req.params.form ?? ''];
    if (!def) return void res.status(404).type('text/plain').send('Unknown form');
    if (!fromOwnOrigin(req, deps.publicOrigin)) return refuse(req, res, REFUSALS.origin, deps.stylesheets);
    deps.rateLimits.all(req, res, () => void handle(req, res, req.params.form!, def).catch(next));
  });

  async function handle(req: Request, res: Response, name: string, def: FormDefinition): Promise<void> {
    const { fields, files, failure, badField } = await readBody(req, def);
    const locale: Locale = fields._locale === 'en' ? 'en' : 'nl';
    if (failure === 'malformed') return refuse(req, res, REFUSALS.badRequest, deps.stylesheets);

    // Moving between steps stores nothing: no captcha yet, that comes with the real submit.
    const move = stepMove(name, fields);
    if (move) await removeUploads(files);
    else if ((await checkHuman(req, res, fields, name)) !== 'ok') return removeUploads(files);

    const resolved = def.resolve ? await def.resolve({ fields, locale, content: deps.content }) : null;
    if (resolved) Object.assign(fields, resolved.fields);
    const input: Record<string, unknown> = { ...fields };
    for (const f of def.fileFields) delete input[f];
    for (const file of files) input[file.field] = { name: file.originalName, size: file.size, type: file.mime };
    const result = validateForm(resolved?.schema ?? def.schema(locale), input, locale);
    if (move) return answerStep(req, res, name, locale, fields, move, result.ok ? {} : result.errors);
    // Nothing of a refused upload was kept: its field gets the reason instead of "no CV".
    const fileError =
      failure === 'too-large' ? formatMessage(locale, 'upload.tooLarge', { max: UPLOAD_LIMIT_MB })
      : failure === 'bad-type' ? formatMessage(locale, 'upload.typeNotAllowed')
      : null;
    if (!result.ok || fileError) {
      await removeUploads(files);
      const errors: Record<string, string> = result.ok ? {} : { ...result.errors };
      if (fileError) errors[badField ?? def.fileFields[0] ?? 'cv'] = fileError;
      return answerInvalid(req, res, name, locale, fields, errors, result.ok ? [] : [...result.formErrors]);
    }

    const data = result.data as Record<string, unknown>;
    // What the form was about (the vacancy or course page it sat on), when well-formed.
    if (/^[a-z-]{1,40}:[a-z0-9-]{1,120}$/.test(fields.context ?? '')) data.about = fields.context;
    for (const file of files) data[file.field] = { name: file.originalName, size: file.size, type: file.mime, stored: path.basename(path.dirname(file.path)) };
    const idempotencyKey = typeof fields._sid === 'string' && /^[\w-]{8,64}$/.test(fields._sid) ? fields._sid : undefined;
    const saved = deps.sink.save({ form: name, collection: def.collection, data, files, idempotencyKey });
    // A resend keeps the first submission and its files; this upload belongs to nothing.
    if (saved.duplicate) await removeUploads(files);
    else deps.sink.notify({ form: name, id: saved.id, data, locale, confirm: def.confirm });
    req.log?.info({ form: name, submission: saved.id, duplicate: saved.duplicate }, 'form stored');

    const message = formatMessage(locale, 'contact.success');
    if (wantsJson(req)) return void res.set('Cache-Control', 'no-store').json({ ok: true, id: saved.id, message });
    const back = safeReturnPath(fields._page);
    res.redirect(303, `${back}?verzonden=${encodeURIComponent(name)}#formulier-${name}`);
  }

  async function readBody(req: Request, def: FormDefinition) {
    if (req.is('multipart/form-data')) {
      const dir = path.join(deps.uploadDir, randomUUID());
      const parsed = await parseMultipart(req, { dir, maxTotalBytes: UPLOAD_LIMIT_BYTES, fileFields: def.fileFields });
      if (parsed.ok) return { fields: parsed.fields, files: parsed.files, failure: null, badField: undefined };
      return { fields: parsed.fields, files: [] as StoredUpload[], failure: parsed.reason, badField: parsed.field };
    }
    await new Promise<void>((resolve, reject) => urlencoded(req, {} as Response, (err?: unknown) => (err ? reject(err) : resolve())));
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries((req.body ?? {}) as Record<string, unknown>)) if (typeof v === 'string') fields[k] = v;
    return { fields, files: [] as StoredUpload[], failure: null as null | 'too-large' | 'bad-type' | 'malformed', badField: undefined as string | undefined };
  }

  /** 'ok', or 'refused' when the refusal was already answered. */
  async function checkHuman(req: Request, res: Response, fields: Record<string, string>, action: string): Promise<'ok' | 'refused'> {
    if (!honeypotEmpty(fields)) {
      refuse(req, res, REFUSALS.bot, deps.stylesheets);
      return 'refused';
    }
    const token = deps.recaptcha ? fields['g-recaptcha-response'] : fields.altcha;
    if (token) {
      const ok = deps.recaptcha
        ? await verifyRecaptcha(deps.recaptcha, token, { action: action.replace(/[^A-Za-z_]/g, '_'), hostname: new URL(deps.publicOrigin).hostname })
        : await deps.altcha.verify(token);
      if (ok) return 'ok';
      refuse(req, res, REFUSALS.captcha, deps.stylesheets);
      return 'refused';
    }
    // No captcha: a post without JavaScript. Stricter limit, and it must look like a person.
    const limited = await new Promise<boolean>((resolve) => {
      res.once('finish', () => resolve(true));
      deps.rateLimits.withoutCaptcha(req, res, () => resolve(false));
    });
    if (limited) return 'refused';
    if (deps.stamps.filledLikeAPerson(fields[FORM_STAMP_FIELD])) return 'ok';
    refuse(req, res, REFUSALS.bot, deps.stylesheets);
    return 'refused';
  }

  async function answerInvalid(req: Request, res: Response, form: string, locale: Locale, fields: Record<string, string>, errors: Record<string, string>, formErrors: string[]) {
    const message = formatMessage(locale, 'form.incomplete');
    if (wantsJson(req)) return void res.status(422).set('Cache-Control', 'no-store').json({ ok: false, message, errors, formErrors });
    const steps = FORM_STEPS[form];
    const step = steps ? (firstStepWithError(steps, errors) ?? undefined) : undefined;
    const formState = { form, values: keptValues(fields), errors, formErrors: [message, ...formErrors], step };
    await deps.renderPage(req, res, { path: safeReturnPath(fields._page), status: 422, formState });
  }

  /** "Next step" or "previous step" of a form in steps: the page again, at that step, values kept. */
  async function answerStep(req: Request, res: Response, form: string, locale: Locale, fields: Record<string, string>, move: StepMove, errors: Record<string, string>) {
    if (move.kind === 'next') {
      const blocking = errorsUpTo(FORM_STEPS[form]!, errors, move.from);
      if (Object.keys(blocking).length > 0) return answerInvalid(req, res, form, locale, fields, blocking, []);
    }
    const step = move.kind === 'next' ? move.from + 1 : move.to;
    if (wantsJson(req)) return void res.set('Cache-Control', 'no-store').json({ ok: true, step });
    const formState = { form, values: keptValues(fields), errors: {}, formErrors: [], step };
    await deps.renderPage(req, res, { path: safeReturnPath(fields._page), status: 200, formState });
  }

  return router;
}

type StepMove = { kind: 'next'; from: number } | { kind: 'back'; to: number };

/** A post of a form in steps that only moves between steps (`_back`, or `_step` before the last). */
function stepMove(form: string, fields: Record<string, string>): StepMove | null {
  const steps = FORM_STEPS[form];
  if (!steps) return null;
  const back = parseStep(fields._back, steps.length);
  if (back !== null) return { kind: 'back', to: Math.max(1, back - 1) };
  const from = parseStep(fields._step, steps.length);
  return from !== null && from < steps.length ? { kind: 'next', from } : null;
}

/** What the visitor typed, to show again: never the form machinery's fields or a password. */
function keptValues(fields: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) if (!(META_FIELDS as readonly string[]).includes(k) && !/password/i.test(k)) values[k] = v;
  return values;
}

async function removeUploads(files: StoredUpload[]): Promise<void> {
  const dirs = new Set(files.map((f) => path.dirname(f.path)));
  await Promise.all([...dirs].map((d) => rm(d, { recursive: true, force: true })));
}
