// One form post on its way through the pipeline, and the hooks with which a form's
// definition takes over a step of it (the loneliness test: its own body, errors, page and
// outcome). A form without hooks is stored and notified (store-submission.ts).
import type { Request, Response } from 'express';
import type { FormDefinition } from '../../src/forms/definitions/types';
import type { Locale } from '../../src/i18n/locale';
import type { FormRouteDeps } from './form-routes';
import type { MultipartFailure, StoredUpload } from './multipart';

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
  accept(post: FormPost, data: unknown): Promise<void>;
};
