// One form post on its way through the pipeline, what the pipeline needs (FormRouteDeps), and
// the hooks with which a form's definition takes over a step of it (the loneliness test: its own
// body, errors, page and outcome). A form without hooks is stored and notified
// (store-submission.ts). The types every file of the pipeline shares live here, so none of
// them imports the router.
import type { Request, Response } from 'express';
import type { FormDefinition } from '../../src/forms/definitions/types';
import type { Locale } from '../../src/i18n/locale';
import type { Logger } from 'pino';
import type { ServerHooks } from '../../src/forms/definitions/types';
import type { SiteContent } from '../../src/content/site-content';
import type { MailToQueue } from '../mail/mailer';
import type { UploadBudget } from '../store/upload-budget';
import type { WaitingUploads } from '../store/waiting-uploads';
import type { Altcha } from './altcha';
import type { BodyTimeouts } from './body-guard';
import type { FormStamps } from './bot-guard';
import type { GroupResolver } from './form-context';
import type { Answer } from '../pages/answer';
import type { SendAnswer } from '../pages/answer-writer';
import type { MultipartFailure, StoredUpload } from './multipart';
import type { PageViews } from './page-views';
import type { FormRateLimits } from './rate-limits';
import type { RecaptchaSettings } from './recaptcha';

export type PostBody = {
  fields: Record<string, string>;
  files: StoredUpload[];
  /** Why the body was refused: nothing of a refused upload was kept. */
  failure: null | MultipartFailure;
  /** The file field whose upload was refused. */
  badField?: string;
};

export type FormPost = {
  req: Request;
  res: Response;
  def: FormDefinition;
  deps: FormRouteDeps;
  locale: Locale;
  fields: Record<string, string>;
  files: StoredUpload[];
  /** False when what this post would store or mail is past its budget (a result: shown, not kept). */
  writes: boolean;
};

export type FormHooks = {
  readBody(req: Request, res: Response, def: FormDefinition, deps: FormRouteDeps): Promise<PostBody>;
  /** What the schema checks, from the posted fields and files. */
  input(post: FormPost): Record<string, unknown>;
  /** A rule beyond the schema on valid data: field errors, or null when it holds. */
  check?(post: FormPost, data: unknown): Record<string, string> | null;
  /** The errors as the page names its fields. */
  pageErrors?(errors: Record<string, string>): Record<string, string>;
  /** The page that shows the form again without JavaScript, and the values it may show. */
  page?(post: FormPost): { path: string; values: Record<string, string> };
  /** What a valid submission does, and the answer to the visitor. */
  accept(post: FormPost, data: unknown): Promise<Answer>;
};

/** Posts without captcha asked to confirm, waiting for it (made by confirm-step.ts). */
export type Confirmations = {
  /** Notes that this post was asked to confirm at `now` (its page's stamp), keeping its uploads until it is. */
  ask(post: FormPost, hooks: FormHooks, now?: number): void;
  /** `answered`: this post carries the stamp of an open question's page (the question is then
   * closed and its stamp spent; its uploads added to `post.files`); `spent`: the stamp of a
   * question answered before; `none`: neither. */
  answer(post: FormPost, hooks: FormHooks, stampedAt: number): Promise<'answered' | 'spent' | 'none'>;
};

export type FormSink = {
  save(input: { form: string; collection: string; data: Record<string, unknown>; files: StoredUpload[]; idempotencyKey?: string; dedupe?: 'key-or-content' | 'key-only' }): { id: string; duplicate: boolean };
  /** Queues the notification (and confirmation) mails of a new submission. */
  notify(input: { form: string; id: string; data: Record<string, unknown>; locale: Locale; confirm: boolean }): void;
  /** Queues a mail to the visitor only, stored with no submission (the loneliness test's result:
   * the address is kept nowhere else). */
  queueMail?(mail: MailToQueue): void;
  /** Where uploads waiting for a confirmation are written down, so an erasure finds them and
   * the upload sweep removes them (server/store/waiting-uploads.ts); absent: memory only. */
  waiting?: WaitingUploads;
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
  /** Sends every answer (server/pages/answer-writer.ts). */
  send: SendAnswer;
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
export type FormRouteBase = Omit<FormRouteDeps, 'send' | 'hooks' | 'groups'>;
