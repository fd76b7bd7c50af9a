// POST /forms/{name}: every form of the site, the loneliness test included, through one
// pipeline (form-pipeline.ts). Here: which forms exist, the origin check and the rate limit
// before anything is read, and the captcha challenge the browser solves first.
import express, { type Request, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import type { RateLimitClass } from '../../src/forms/definitions/types';
import { formDefinition } from '../../src/forms/definitions/index';
import type { Locale } from '../../src/i18n/locale';
import type { SiteContent } from '../../src/content/site-content';
import type { ResultMailInput } from '../mail/result-mail';
import type { DonationService } from '../donations/donation-service';
import type { AccountDeps } from '../accounts/account-hooks';
import type { Altcha } from './altcha';
import type { BodyTimeouts } from './body-guard';
import type { FormStamps } from './bot-guard';
import type { FormState } from './form-state';
import { handleFormPost } from './form-pipeline';
import type { StoredUpload } from './multipart';
import { fromOwnOrigin } from './origin-check';
import type { PageViews } from './page-views';
import type { formRateLimits } from './rate-limits';
import type { RecaptchaSettings } from './recaptcha';
import { refuse, REFUSALS } from './refusal';

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
  /** How long a multipart post's body may take (body-guard.ts). */
  bodyTimeouts: BodyTimeouts;
  sink: FormSink;
  altcha: Altcha;
  recaptcha?: RecaptchaSettings;
  stamps: FormStamps;
  /** First views of pages with a stamped form, noted by the page handler. */
  pageViews: PageViews;
  rateLimits: ReturnType<typeof formRateLimits>;
  renderPage(req: Request, res: Response, page: { path: string; status: number; formState: FormState }): Promise<void>;
  logger: Logger;
  /** Content for forms whose rules depend on it (a sign-up's group and its age range). */
  content?: SiteContent;
  /** Donations and their payment provider; absent: a donation post is answered "not possible now". */
  donations?: { service: DonationService; checkoutOrigin: string | null };
  /** The account forms' content-service calls, cookie and limits; absent: they answer "not possible now". */
  accounts?: AccountDeps;
};

export function formRoutes(deps: FormRouteDeps): Router {
  const router = express.Router();
  const rateLimit: Record<RateLimitClass, express.RequestHandler> = { 'form-posts': deps.rateLimits.all };

  router.get('/api/captcha/challenge', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await deps.altcha.challenge());
  });

  router.post('/forms/:form', (req, res, next) => {
    const def = formDefinition(req.params.form ?? '');
    if (!def) return void res.status(404).type('text/plain').send('Unknown form');
    if (!fromOwnOrigin(req, deps.publicOrigin)) return refuse(req, res, REFUSALS.origin, deps.stylesheets);
    rateLimit[def.rateLimit](req, res, () => void handleFormPost(req, res, def, deps).catch(next));
  });

  return router;
}
