// Answers as values. A handler (the form pipeline and its steps, the features' hooks and routes,
// the preview) says what the visitor gets and never writes the response; the writer
// (answer-writer.ts) sends every answer: it decides JSON or HTML once, builds the short pages,
// sets Cache-Control from server/http/cache-policies.ts and renders pages through one renderer.
// So a rule is tested as a function call on the answer, and one HTTP test per kind keeps the
// wiring honest.
import type { Locale } from '../../src/i18n/locale';
import type { RequestState } from '../../src/routing/request-state';
import type { CachePolicy } from '../http/cache-policies';
import type { EmptyAnswer, FileAnswer, JsonAnswer, PlainAnswer, StreamAnswer, TextAnswer } from '../http/plain-answers';
import type { ErrorDocument } from './error-document';
import type { RenderedPage } from './render-cache';

/** A page of the site rendered for this request (never from the render cache): a form with its
 * answers, one visitor's donation or account (`personal`: no-store, as HTML or as Flight). */
export type PageAnswer = { kind: 'page'; status: number; path: string; query?: Record<string, unknown>; state?: RequestState; personal?: boolean };
/** A Flight request (client navigation) gets a 204 with the target in a header instead.
 * `cache`: a shared cache may keep it (a page path's redirect), with `tags` to drop it by. */
export type RedirectAnswer = { kind: 'redirect'; status: 301 | 302 | 303 | 307 | 308; location: string; cache?: CachePolicy; tags?: readonly string[] };
/** A short page of the site that needs no render (a refusal, the step to a payment). */
export type DocumentAnswer = { kind: 'document'; status: number; page: ErrorDocument; locale: Locale };
/** A whole HTML page made elsewhere (the test checkout). */
export type HtmlAnswer = { kind: 'html'; status: number; html: string };
/** A page rendered (or kept by the render cache) with its own headers, ETag and encodings. */
export type RenderedAnswer = { kind: 'rendered'; page: RenderedPage };
/** An unexpected failure, logged where it happened: the static error page, or the end of an
 * answer already on its way. */
export type FailedAnswer = { kind: 'failed'; status: number; locale: Locale };
/** With JavaScript (the browser asks for JSON) the first, without it the second. */
export type EitherAnswer = { kind: 'either'; json: JsonAnswer; html: PageAnswer | RedirectAnswer | DocumentAnswer };
/** Nothing to send: the client is gone, or Node's own timeout answered it. */
export type NoAnswer = { kind: 'none' };

export type Answer = (
  | PageAnswer
  | RedirectAnswer
  | JsonAnswer
  | TextAnswer
  | EmptyAnswer
  | FileAnswer
  | StreamAnswer
  | PlainAnswer
  | DocumentAnswer
  | HtmlAnswer
  | RenderedAnswer
  | FailedAnswer
  | EitherAnswer
  | NoAnswer
) & {
  /** Headers of this answer beside Cache-Control (a Referrer-Policy, a Connection: close). */
  headers?: Readonly<Record<string, string>>;
};

export const NO_ANSWER: NoAnswer = { kind: 'none' };

export { empty, json, text } from '../http/plain-answers';
export const redirect = (status: RedirectAnswer['status'], location: string): RedirectAnswer => ({ kind: 'redirect', status, location });
export const either = (withScript: JsonAnswer, without: EitherAnswer['html']): EitherAnswer => ({ kind: 'either', json: withScript, html: without });
