import { EventEmitter } from 'node:events';
import type { ContentVersion } from './settings';

/** Strapi v4 and v5: `{ data: null, error: { status, name, message, details } }`. */
export type StrapiErrorPayload = {
  data?: null;
  error: { status: number; name: string; message: string; details: unknown };
};

/** Strapi v3 (Boom): `{ statusCode, error, message }`. */
export type StrapiV3ErrorPayload = { statusCode: number; error: string; message: string };

export type ContentErrorPayload = StrapiErrorPayload | StrapiV3ErrorPayload;

/**
 * What the content client throws. `payload` is the content service's own error body, untouched,
 * so callers can show Strapi's validation details; without one it is a synthetic error (status
 * 500, name UnknownError, the original message; see `syntheticError`).
 */
export class ContentError extends Error {
  override readonly name = 'ContentError';
  readonly payload: ContentErrorPayload;
  readonly status: number;
  /** False when the payload was made up here (network error, timeout, non-JSON answer). */
  readonly fromService: boolean;

  constructor(payload: ContentErrorPayload, options: { fromService: boolean; cause?: unknown }) {
    super(messageOf(payload), { cause: options.cause });
    this.payload = payload;
    this.status = statusOf(payload);
    this.fromService = options.fromService;
  }
}

export function isContentErrorPayload(body: unknown): body is ContentErrorPayload {
  if (!isObject(body)) return false;
  const { error } = body;
  if (isObject(error)) return typeof error.status === 'number' && typeof error.name === 'string';
  return typeof body.statusCode === 'number' && typeof error === 'string';
}

export function syntheticError(version: ContentVersion, message: string): ContentErrorPayload {
  if (version === 'v3') return { error: 'UnknownError', message, statusCode: 500 };
  return { error: { status: 500, name: 'UnknownError', message, details: {} } };
}

export function statusOf(payload: ContentErrorPayload): number {
  return 'statusCode' in payload ? payload.statusCode : payload.error.status;
}

function messageOf(payload: ContentErrorPayload): string {
  return 'statusCode' in payload ? payload.message : payload.error.message;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Name of the one error hook, the same as the original site's (`strapi:error`). */
export const CONTENT_ERROR_EVENT = 'strapi:error';

export type ContentErrorListener = (
  error: ContentError,
  request: { method: string; path: string },
) => void;

/**
 * Process-wide hook: every content client emits here too, so monitoring can subscribe once
 * without holding a client.
 */
export const contentErrors = new EventEmitter();

export function onContentError(listener: ContentErrorListener): () => void {
  contentErrors.on(CONTENT_ERROR_EVENT, listener);
  return () => contentErrors.off(CONTENT_ERROR_EVENT, listener);
}

/** Whether `err` (or an error it was caused by) says the content service could not be reached or
 * failed: no answer (refused, reset, timed out, failing fast) or a 5xx of its own. Such a failure
 * is the service's, not the page's: the visitor gets a 503 "try again shortly", not a 500. By
 * name, not by class: the page's server components run in a bundle of their own, whose
 * ContentError is another class than the server's. */
export function isContentOutage(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    if (e.name !== 'ContentError') continue;
    const { fromService, status } = e as Error & { fromService?: unknown; status?: unknown };
    return fromService === false || (typeof status === 'number' && status >= 500);
  }
  return false;
}
