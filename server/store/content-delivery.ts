// The record calls of the delivery worker (file uploads are in file-upload.ts), and what a
// failure of any of them means.
//
// They go through the client's one fetch function with its own logging off: a Strapi v5
// ValidationError echoes the rejected value (an email address, a phone number) in its details,
// and the fetch function logs the whole payload. The worker logs ids, statuses and error
// names instead.
import type { ContentClient } from '../../src/content/client';
import { ContentError, isObject } from '../../src/content/errors';
import type { Submission } from './submissions';

export type DeliveryClient = Pick<ContentClient, 'request' | 'settings'>;

/**
 * `POST /{collection}` with `{data}`; gives the new record's id (documentId on v5). A file
 * field carries the uploaded file's id (`cv: 42`) in place of the name/size/type kept locally.
 */
export async function postSubmission(client: DeliveryClient, record: Submission): Promise<string | null> {
  const data = { ...record.data, ...record.uploads, submissionId: record.id };
  const body = await client.request(`/${encodeURIComponent(record.collection)}`, { method: 'POST', body: { data }, log: false });
  return remoteId(isObject(body) && 'data' in body ? body.data : body);
}

/** The content-side record made by an earlier attempt, if there is one. */
export async function findDelivered(client: DeliveryClient, record: Submission): Promise<{ remoteId: string | null } | null> {
  const query =
    client.settings.version === 'v3'
      ? { submissionId: record.id, _limit: 1 }
      : { filters: { submissionId: { $eq: record.id } }, pagination: { pageSize: 1 } };
  const body = await client.request(`/${encodeURIComponent(record.collection)}`, { query, log: false });
  const list = isObject(body) && 'data' in body ? body.data : body;
  if (!Array.isArray(list) || list.length === 0) return null;
  return { remoteId: remoteId(list[0]) };
}

function remoteId(entry: unknown): string | null {
  if (!isObject(entry)) return null;
  const id = entry.documentId ?? entry.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/**
 * - `permanent`: the service looked and said no (400 ValidationError, 403, 404...); asking
 *   again cannot help.
 * - `not-sent`: nothing was stored for sure (refused connection, unknown host, 408/425/429).
 * - `uncertain`: it may have been stored (timeout, reset connection, 5xx, 409, an answer we
 *   could not read): look it up before posting again.
 */
export type FailureKind = 'permanent' | 'not-sent' | 'uncertain';

export type DeliveryFailure = {
  kind: FailureKind;
  /** HTTP status when an answer came; the fetch function's synthetic 500 otherwise. */
  status: number | null;
  /** Error name or network code: safe for a log line. */
  code: string;
  /** Fuller text for the local store (the operator reads it), never for the log. */
  detail: string;
  /** The fields the service named as rejected (names only, never values): safe for the log. */
  fields?: string[];
};

const NOT_PROCESSED = new Set([408, 425, 429]);
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
// The fetch function's message when an answer was not a Strapi error body (a proxy's page).
const ANSWERED = /^Content service answered (\d{3})\b/;

export function classifyFailure(error: unknown): DeliveryFailure {
  if (!(error instanceof ContentError)) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { kind: 'uncertain', status: null, code: error instanceof Error ? error.name : 'Error', detail: message };
  }
  const detail = error.message.slice(0, 500);
  const answered = error.fromService ? error.status : Number(ANSWERED.exec(error.message)?.[1] ?? NaN);
  if (Number.isInteger(answered)) {
    const name = error.fromService && 'error' in error.payload && isObject(error.payload.error) ? error.payload.error.name : `HTTP${answered}`;
    const code = typeof name === 'string' ? name : `HTTP${answered}`;
    const full = `${answered} ${code}: ${detail}`;
    if (answered < 400 || answered >= 500 || answered === 409) return { kind: 'uncertain', status: answered, code, detail: full };
    const fields = error.fromService ? rejectedFields(error.payload) : [];
    return { kind: NOT_PROCESSED.has(answered) ? 'not-sent' : 'permanent', status: answered, code, detail: full, ...(fields.length ? { fields } : {}) };
  }
  const code = networkCode(error.cause) ?? (isTimeout(error.cause) ? 'TIMEOUT' : 'NETWORK');
  return { kind: NEVER_CONNECTED.has(code) ? 'not-sent' : 'uncertain', status: null, code, detail: `${code}: ${detail}` };
}

/**
 * Which fields a Strapi ValidationError names: `details.key` for a key the collection does not
 * have ("Invalid key phone"), `details.errors[].path` for a value its rules refuse. Only the
 * names are read; the values Strapi echoes stay out.
 */
function rejectedFields(payload: unknown): string[] {
  const details = isObject(payload) && isObject(payload.error) && isObject(payload.error.details) ? payload.error.details : null;
  if (!details) return [];
  const names = new Set<string>();
  if (typeof details.key === 'string') names.add(details.key);
  if (Array.isArray(details.errors)) {
    for (const e of details.errors) {
      const path = isObject(e) ? e.path : undefined;
      const name = Array.isArray(path) ? path.join('.') : typeof path === 'string' ? path : '';
      if (name) names.add(name);
    }
  }
  return [...names].filter((n) => /^[\w.$-]{1,80}$/.test(n)).slice(0, 20);
}

/** undici wraps the socket error: `TypeError('fetch failed', { cause: { code } })`. */
function networkCode(error: unknown, depth = 0): string | undefined {
  if (!isObject(error) || depth > 4) return undefined;
  if (typeof error.code === 'string' && /^E[A-Z]+$/.test(error.code)) return error.code;
  const nested = Array.isArray(error.errors) ? error.errors : [];
  for (const inner of [error.cause, ...nested]) {
    const code = networkCode(inner, depth + 1);
    if (code) return code;
  }
  return undefined;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}
