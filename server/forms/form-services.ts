// Everything forms need, made once at startup: the signing secret, the captcha (ALTCHA, or
// reCAPTCHA when configured), the rate limits, and the sink that stores submissions.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Logger } from 'pino';
import type { FormServices } from '../../src/routing/services';
import { createAltcha } from './altcha';
import { DEFAULT_BODY_TIMEOUTS, type BodyTimeouts } from './body-guard';
import { createFormStamps } from './bot-guard';
import type { FormRouteBase, FormSink } from './form-post';
import { createPageViews } from './page-views';
import { createConfirmations } from './confirm-step';
import { FORM_LIMIT_WINDOW_MS, formRateLimits } from './rate-limits';
import { createUploadBudget, type UploadBudgetSettings } from '../store/upload-budget';
import type { LimitStores } from '../shared/limit-stores';
import type { SharedRecords } from '../shared/records';

export type FormSettings = {
  secret?: string;
  recaptcha?: { siteKey: string; secret: string; minScore: number; verifyUrl?: string };
  rateLimit: number;
  rateLimitWithoutCaptcha: number;
  /** How long a form must be on screen before a post without captcha counts; 3 s when absent. */
  minFillMs?: number;
  dataDir: string;
  /** How long a multipart post's body may take; the defaults of body-guard.ts when absent. */
  bodyTimeouts?: BodyTimeouts;
  /** The disk budget of uploads (UPLOADS_MAX_MB, DISK_FREE_MIN_MB); absent: none. */
  uploads?: UploadBudgetSettings;
  publicOrigin: string;
  stylesheets: string[];
  /** Replicas (SHARED_STORE_URL): where the rate limits count and solved captchas are
   * remembered; absent: this process's memory. */
  limitStores?: LimitStores;
  records?: SharedRecords;
};

export function createFormServices(settings: FormSettings, sink: FormSink, logger: Logger): { routes: FormRouteBase; services: FormServices } {
  if (!settings.secret) logger.warn('FORM_SECRET is not set: using a random one; set it when more than one instance serves the site');
  const secret = settings.secret ?? randomBytes(32).toString('hex');
  const stamps = createFormStamps(secret, settings.minFillMs);
  const altcha = createAltcha({ secret, used: settings.records });
  const pageViews = createPageViews();
  const captcha: FormServices['captcha'] = settings.recaptcha ? { kind: 'recaptcha', siteKey: settings.recaptcha.siteKey } : { kind: 'altcha' };
  return {
    services: { stamp: () => stamps.stamp(), captcha },
    routes: {
      publicOrigin: settings.publicOrigin,
      stylesheets: settings.stylesheets,
      uploadDir: path.join(settings.dataDir, 'uploads'),
      bodyTimeouts: { ...DEFAULT_BODY_TIMEOUTS, ...settings.bodyTimeouts },
      uploadBudget: settings.uploads ? createUploadBudget({ ...settings.uploads, dir: path.join(settings.dataDir, 'uploads'), dataDir: settings.dataDir, logger }) : undefined,
      sink,
      altcha,
      recaptcha: settings.recaptcha,
      stamps,
      pageViews,
      confirmations: createConfirmations({ waiting: sink.waiting }),
      rateLimits: formRateLimits({ windowMs: FORM_LIMIT_WINDOW_MS, limit: settings.rateLimit, limitWithoutCaptcha: settings.rateLimitWithoutCaptcha }, settings.limitStores),
      logger,
    },
  };
}
