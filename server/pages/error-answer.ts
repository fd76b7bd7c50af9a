// The one answer to an unexpected failure (a crash in rendering, an error passed to Express):
// logged as an error with its stack, then the static error page in the locale of the page
// asked for, never cached. An answer already on its way cannot change its status: it is ended
// as it stands.
import type { Logger } from 'pino';
import { isContentOutage } from '../../src/content/errors';
import { t } from '../../src/i18n/intl';
import { splitLocale } from '../../src/i18n/locale';
import { limitedLog } from '../http/warn-limit';
import type { DocumentAnswer, FailedAnswer } from './answer';

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
  /** A GET or HEAD: a content-service outage is answered with the outage page (a post's
   * answer never says "try again": what was sent is kept and delivered). */
  asked?: boolean;
};

/** How soon a visitor may try a page again that the content service's outage kept from being
 * made: about the content client's first fail-fast period and a probe (src/content/breaker.ts). */
export const OUTAGE_RETRY_AFTER_S = 30;

type OutageAnswer = DocumentAnswer & { headers: Record<string, string> };

/** The 503 for a page the content service's outage kept from being made (nothing of it kept):
 * for `err` from a GET or HEAD (`asked`) that is such an outage; undefined for anything else. */
export function outageAnswer(err: unknown, path: string, asked: boolean): OutageAnswer | undefined {
  if (!asked || !isContentOutage(err)) return undefined;
  const { locale } = splitLocale(path);
  return { kind: 'document', status: 503, locale, page: { title: t(locale, 'outage.title'), heading: t(locale, 'outage.title'), paragraphs: [t(locale, 'outage.message')], home: 'link' }, headers: { 'Retry-After': String(OUTAGE_RETRY_AFTER_S) } };
}

/** Logs the failure and answers it: the static error page in the page's locale (answer-writer.ts),
 * or for a page asked for that the content service's outage kept from being made, the outage page. */
export function unexpectedError({ err, logger, requestLog, message, path, status = 500, context, asked = false }: UnexpectedError): FailedAnswer | OutageAnswer {
  const outage = outageAnswer(err, path, asked);
  if (outage) status = outage.status;
  // pino's `err` serializer keeps the stack. The same failure on every request is written once,
  // then counted a minute; a different failure is a line of its own.
  const cause = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  limitedLog(logger, requestLog).error({ err, ...context }, message, `${message} (${status}): ${cause.slice(0, 200)}`);
  return outage ?? { kind: 'failed', status, locale: splitLocale(path).locale };
}
