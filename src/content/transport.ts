import type { QueryParams } from './query-string';

/**
 * The one seam between the content client and where answers come from: a Strapi server over
 * HTTP, or the committed snapshot. Everything above it (retry, errors, normalising, cache) is
 * the same for both.
 */
export type TransportRequest = {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Prefix included (`/api/pages`), query excluded. */
  path: string;
  /** Structured, so the snapshot can read it without parsing; HTTP serialises it with brackets. */
  query: QueryParams | undefined;
  /** Sent as JSON; a `FormData` is sent as it is (multipart). */
  body: unknown;
  headers: Record<string, string>;
  signal: AbortSignal;
};

export type TransportResponse = {
  status: number;
  /** Parsed JSON; `null` for an empty body; `undefined` when the body was not JSON. */
  body: unknown;
};

/** Rejects only when no answer arrived (refused, reset, aborted). */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/** How one call to the content service went: answered (`ok`; `error` for a 5xx) or not
 * (`failed`: refused, reset, timed out, aborted), and how long it took in seconds. */
export type ContentCallObserver = (outcome: 'ok' | 'error' | 'failed', seconds: number) => void;

/** `transport` with each call's outcome and duration told to `observe` (the server's metrics). */
export function timedTransport(transport: Transport, observe: ContentCallObserver): Transport {
  return async (request) => {
    const started = performance.now();
    try {
      const response = await transport(request);
      observe(response.status >= 500 ? 'error' : 'ok', (performance.now() - started) / 1000);
      return response;
    } catch (err) {
      observe('failed', (performance.now() - started) / 1000);
      throw err;
    }
  };
}
