import type { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import {
  CONTENT_ERROR_EVENT,
  ContentError,
  contentErrors,
  isContentErrorPayload,
  syntheticError,
} from './errors';
import type { QueryParams } from './query-string';
import { createBreaker, type Breaker } from './breaker';
import type { ContentSettings } from './settings';
import type { Transport, TransportRequest, TransportResponse } from './transport';

export type ContentMethod = TransportRequest['method'];

export type ContentRequest = {
  method?: ContentMethod;
  query?: QueryParams;
  /** Sent as JSON; a `FormData` goes as multipart/form-data (file uploads), streamed. */
  body?: unknown;
  /** Replaces `settings.timeoutMs` for this call: a large upload needs longer than a read. */
  timeoutMs?: number;
  /** The signed-in visitor's token; replaces the configured one for this call. */
  token?: string;
  signal?: AbortSignal;
  /** False when the caller reports failures itself (the cache logs once per outage). */
  log?: boolean;
  /** False turns the GET/HEAD retry off: authentication calls are never retried. */
  retry?: boolean;
  /** More request headers (a provider login's session cookie, the site's key on account calls). */
  headers?: Record<string, string>;
};

/** The one fetch function: every call to the content service goes through it. */
export type ContentFetch = (path: string, request?: ContentRequest) => Promise<unknown>;

/** Transient statuses, retried once, and only for GET/HEAD so a retry cannot repeat a write. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const RETRY_METHODS: ReadonlySet<ContentMethod> = new Set(['GET', 'HEAD']);

export function createContentFetch(options: {
  settings: ContentSettings;
  logger: Logger;
  transport: Transport;
  /** The owning client's emitter; the process-wide one is always notified as well. */
  events?: EventEmitter;
  /** Fails calls at once while the service keeps failing; default: from `settings.failFast`. */
  breaker?: Breaker;
}): ContentFetch {
  const { settings, logger, transport, events } = options;
  const breaker = options.breaker ?? createBreaker({ logger, threshold: settings.failFast.after, openMs: settings.failFast.forMs });

  const fail = (error: ContentError, method: ContentMethod, path: string, log: boolean) => {
    const where = { method, path };
    events?.emit(CONTENT_ERROR_EVENT, error, where);
    contentErrors.emit(CONTENT_ERROR_EVENT, error, where);
    if (log) {
      const level = error.status >= 500 ? 'error' : 'warn';
      logger[level]({ err: error, payload: error.payload, ...where }, 'content service error');
    }
    return error;
  };

  return async (path, request = {}) => {
    const method = request.method ?? 'GET';
    const fullPath = `${settings.prefix}${path.startsWith('/') ? path : `/${path}`}`;
    const token = request.token ?? settings.token;
    const headers: Record<string, string> = { ...request.headers, Accept: 'application/json' };
    // A FormData's Content-Type carries its boundary: fetch sets it.
    if (request.body !== undefined && !(request.body instanceof FormData)) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const log = request.log ?? true;
    const retryable = request.retry !== false && RETRY_METHODS.has(method);

    const send = (): Promise<TransportResponse> => {
      // A fresh timeout per attempt, so the retry gets its own full budget.
      const timeout = AbortSignal.timeout(request.timeoutMs ?? settings.timeoutMs);
      const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
      return transport({ method, path: fullPath, query: request.query, body: request.body, headers, signal });
    };

    if (!breaker.admit()) {
      // Logged once by the breaker when it opened, not per call.
      throw fail(new ContentError(syntheticError(settings.version, 'content service unavailable: failing fast after repeated failures'), { fromService: false }), method, fullPath, false);
    }
    let response: TransportResponse | undefined;
    for (let attempt = 0; response === undefined; attempt += 1) {
      const mayRetry = retryable && attempt === 0;
      try {
        const answer = await send();
        if (mayRetry && RETRY_STATUSES.has(answer.status)) continue;
        response = answer;
      } catch (cause) {
        // A timeout already spent the whole budget and an abort was asked for: neither is
        // retried; a refused or reset connection is.
        if (mayRetry && !isAbort(cause)) continue;
        // The caller's own abort says nothing about the service; a timeout or a refusal does.
        breaker.settle(request.signal?.aborted ? 'neutral' : 'failed');
        const message = cause instanceof Error ? cause.message : String(cause);
        throw fail(
          new ContentError(syntheticError(settings.version, message), { fromService: false, cause }),
          method,
          fullPath,
          log,
        );
      }
    }

    const { status, body } = response;
    breaker.settle(status >= 500 ? 'failed' : 'ok');
    if (status >= 400) {
      const error = isContentErrorPayload(body)
        ? new ContentError(body, { fromService: true })
        : new ContentError(syntheticError(settings.version, `Content service answered ${status}`), {
            fromService: false,
          });
      throw fail(error, method, fullPath, log);
    }
    if (body === undefined) {
      const message = `Content service answered ${status} with a body that is not JSON`;
      throw fail(new ContentError(syntheticError(settings.version, message), { fromService: false }), method, fullPath, log);
    }
    return body;
  };
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}
