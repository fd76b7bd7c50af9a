// The ways the fake content service answers a write (a collection POST or an upload), shared by
// both: each failure a real Strapi shows, with or without having stored what it was sent.

export type Mode =
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

export const strapiError = (status: number, name: string, message: string, details: unknown = {}) =>
  JSON.stringify({ data: null, error: { status, name, message, details } });

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answers one write in `mode`: `store` keeps what was sent, `created` is the 201 body for it. */
export async function answerWrite<T>(
  mode: Mode,
  w: { store: () => T; created: (kept: T) => string; send: (status: number, body: string) => void; reset: () => void; slowMs: number; validationError: string },
): Promise<void> {
  switch (mode) {
    case 'error':
      return w.send(500, strapiError(500, 'InternalServerError', 'Internal Server Error'));
    case 'error-after-store':
      w.store();
      return w.send(500, strapiError(500, 'InternalServerError', 'Internal Server Error'));
    case 'reset-after-store':
      w.store();
      return w.reset();
    case 'slow-after-store': {
      const kept = w.store();
      await wait(w.slowMs);
      return w.send(201, w.created(kept));
    }
    case 'slow':
      await wait(w.slowMs);
      return w.send(503, strapiError(503, 'ServiceUnavailableError', 'busy'));
    case 'validation-error':
      return w.send(400, w.validationError);
    case 'too-many-requests':
      return w.send(429, strapiError(429, 'RateLimitError', 'Too many requests'));
    case 'forbidden':
      return w.send(403, strapiError(403, 'ForbiddenError', 'Forbidden'));
    default:
      return w.send(201, w.created(w.store()));
  }
}
