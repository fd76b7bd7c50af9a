import type { TransportResponse } from './transport';

/** Error answers in Strapi v5's shape, so the snapshot fails the way the real service does. */
export function strapiError(
  status: number,
  name: string,
  message: string,
  details: Record<string, unknown> = {},
): TransportResponse {
  return { status, body: { data: null, error: { status, name, message, details } } };
}

export const notFound = (message = 'Not Found') => strapiError(404, 'NotFoundError', message);

export const validationError = (message: string, param: string, key = param) =>
  strapiError(400, 'ValidationError', message, { key, path: null, source: 'query', param });

export const methodNotAllowed = () =>
  strapiError(405, 'MethodNotAllowedError', 'The embedded content snapshot is read-only');

/** Thrown by the snapshot's query engine, answered as a 400 like Strapi's strict params. */
export class SnapshotQueryError extends Error {
  constructor(
    message: string,
    readonly param: string,
    readonly key: string = param,
  ) {
    super(message);
  }
}
