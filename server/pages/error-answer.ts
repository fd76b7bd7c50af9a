// The one answer to an unexpected failure (a crash in rendering, an error passed to Express):
// logged as an error with its stack, then the static error page in the locale of the page
// asked for, never cached. An answer already on its way cannot change its status: it is ended
// as it stands.
import type { Logger } from 'pino';
import { splitLocale } from '../../src/i18n/locale';
import { limitedLog } from '../http/warn-limit';
import type { FailedAnswer } from './answer';

export type UnexpectedError = {
  err: unknown;
  /** The process's logger: the same failure repeated is counted there. */
  logger: Logger;
  /** The request's logger (its id on the line); `logger` when absent. */
  requestLog?: Logger;
  /** The log line's message: what failed. */
  message: string;
  /** The page asked for: its locale is the error page's. */
  path: string;
  /** A 5xx the error carried (a 503 from a service); 500 otherwise. */
  status?: number;
  /** More fields for the log line. */
  context?: Record<string, unknown>;
};

/** Logs the failure and answers it: the static error page in the page's locale (answer-writer.ts). */
export function unexpectedError({ err, logger, requestLog, message, path, status = 500, context }: UnexpectedError): FailedAnswer {
  // pino's `err` serializer keeps the stack. The same failure on every request is written once,
  // then counted a minute; a different failure is a line of its own.
  const cause = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  limitedLog(logger, requestLog).error({ err, ...context }, message, `${message} (${status}): ${cause.slice(0, 200)}`);
  return { kind: 'failed', status, locale: splitLocale(path).locale };
}
