// How the fake content service answers a write (a collection POST or an upload): each way a
// real Strapi fails, with or without having kept what it was sent.
import type { Reply } from './fake-content-service';
import { strapiError } from './strapi-shapes';

export type WriteMode =
  | 'up'
  /** 500 without storing. */
  | 'error'
  /** Stores, then answers 500 (a failing after-create hook). */
  | 'error-after-store'
  /** Stores, then drops the connection without an answer. */
  | 'reset-after-store'
  /** Stores, then answers after `slowMs` (past the client's timeout). */
  | 'slow-after-store'
  /** Answers after `slowMs` without storing. */
  | 'slow'
  | 'validation-error'
  | 'too-many-requests'
  | 'forbidden';

const serverError: Reply = { status: 500, json: strapiError(500, 'InternalServerError', 'Internal Server Error') };

/** The answer to one write in `mode`: `store` keeps what was sent, `created` is the 201 body for it. */
export function answerWrite<T>(mode: WriteMode, w: { store: () => T; created: (kept: T) => unknown; validationError: unknown; slowMs?: number }): Reply {
  switch (mode) {
    case 'error':
      return serverError;
    case 'error-after-store':
      w.store();
      return serverError;
    case 'reset-after-store':
      w.store();
      return { destroy: true };
    case 'slow-after-store':
      return { status: 201, json: w.created(w.store()), delayMs: w.slowMs };
    case 'slow':
      return { status: 503, json: strapiError(503, 'ServiceUnavailableError', 'busy'), delayMs: w.slowMs };
    case 'validation-error':
      return { status: 400, json: w.validationError };
    case 'too-many-requests':
      return { status: 429, json: strapiError(429, 'RateLimitError', 'Too many requests') };
    case 'forbidden':
      return { status: 403, json: strapiError(403, 'ForbiddenError', 'Forbidden') };
    default:
      return { status: 201, json: w.created(w.store()) };
  }
}
