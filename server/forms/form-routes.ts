// POST /forms/{name}: every form of the site, the loneliness test included, through one
// pipeline (form-pipeline.ts). Here: which forms exist, the origin check and the rate limit
// before anything is read, and the captcha challenge the browser solves first.
import { CAPTCHA_CHALLENGE_PATH, FORM_POST_ROUTE } from '../../src/routing/endpoints';
import express, { type Request, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import type { RateLimitClass, ServerHooks } from '../../src/forms/definitions/types';
import { formDefinition } from '../../src/forms/catalogue/index';
import type { Locale } from '../../src/i18n/locale';
import type { SiteContent } from '../../src/content/site-content';
import type { MailToQueue } from '../mail/mailer';
import type { GroupResolver } from './form-context';
import type { FormHooks } from './form-post';
import type { Altcha } from './altcha';
import type { BodyTimeouts } from './body-guard';
import type { FormStamps } from './bot-guard';
import type { Confirmations } from './confirm-step';
import type { FormState } from './form-state';
import { handleFormPost } from './form-pipeline';
import type { StoredUpload } from './multipart';
import { fromOwnOrigin } from './origin-check';
import type { PageViews } from './page-views';
import type { FormRateLimits } from './rate-limits';
import type { RecaptchaSettings } from './recaptcha';
import { refuse, REFUSALS } from './refusal';
import { CACHE } from '../http/cache-policies';
import type { UploadBudget } from '../store/upload-budget';

export type FormSink = {
  save(input: { form: string; collection: string; data: Record<string, unknown>; files: StoredUpload[]; idempotencyKey?: string; dedupe?: 'key-or-content' | 'key-only' }): { id: string; duplicate: boolean };
  /** Queues the notification (and confirmation) mails of a new submission. */
  notify(input: { form: string; id: string; data: Record<string, unknown>; locale: Locale; confirm: boolean }): void;
  /** Queues a mail to the visitor only, stored with no submission (the loneliness test's result:
   * the address is kept nowhere else). */
  queueMail?(mail: MailToQueue): void;
};

export type FormRouteDeps = {
  publicOrigin: string;
  stylesheets: string[];
  uploadDir: string;
  /** How long a multipart post's body may take (body-guard.ts). */
  bodyTimeouts: BodyTimeouts;
  /** Room on disk for a post's files (server/store/upload-budget.ts); absent: no bound. */
  uploadBudget?: UploadBudget;
  sink: FormSink;
  altcha: Altcha;
  recaptcha?: RecaptchaSettings;
  stamps: FormStamps;
  /** Posts without captcha asked to confirm, waiting for it (confirm-step.ts). */
  confirmations: Confirmations;
  /** First views of pages with a stamped form, noted by the page handler. */
  pageViews: PageViews;
  rateLimits: FormRateLimits;
  renderPage(req: Request, res: Response, page: { path: string; query?: Record<string, unknown>; status: number; formState: FormState }): Promise<void>;
  logger: Logger;
  /** Content for forms whose rules depend on it (a past event's page, the test's nearby groups). */
  content?: SiteContent;
  /** The hooks of the forms that name some (`hooks` in their definition), each from its feature:
   * the server root composes them, so this pipeline knows no feature. */
  hooks: Record<ServerHooks, FormHooks>;
  /** Looks up a sign-up's group (`group:{slug}`) and its age range; absent: no group fits. */
  groups?: GroupResolver;
};

/** What the form routes take from the form services; the server root adds the features' parts. */
export type FormRouteBase = Omit<FormRouteDeps, 'renderPage' | 'hooks' | 'groups'>;

export function formRoutes(deps: FormRouteDeps): Router {
  const router = express.Router();
  // A result to read is never refused before it is read (rate-limits.ts).
  const rateLimit: Record<RateLimitClass, express.RequestHandler> = { 'form-posts': deps.rateLimits.posts, results: (_req, _res, next) => next() };

  router.get(CAPTCHA_CHALLENGE_PATH, async (_req, res) => {
    res.set('Cache-Control', CACHE.noStore).json(await deps.altcha.challenge());
  });

  router.post(FORM_POST_ROUTE, (req, res, next) => {
    const def = formDefinition(req.params.form ?? '');
    if (!def) return void res.status(404).type('text/plain').send('Unknown form');
    if (!fromOwnOrigin(req, deps.publicOrigin)) return refuse(req, res, REFUSALS.origin, deps.stylesheets);
    rateLimit[def.rateLimit](req, res, () => void handleFormPost(req, res, def, deps).catch(next));
  });

  return router;
}
