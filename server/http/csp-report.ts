// Where browsers report what the Content-Security-Policy blocked (security-headers.ts names it
// in `report-to`, with the Reporting-Endpoints header, and in `report-uri` for browsers without
// the Reporting API). Both body types are read: the Reporting API's `application/reports+json`
// (a list of reports) and the older `application/csp-report` (one). Each report is one warning
// with only what helps find the cause: the directive, the blocked address's origin (or the
// browser's keyword: inline, eval), the page's path and the script's path with its line, never
// a query string (a reset link's code, a search). Anyone can post here, so:
// - a body is at most CSP_REPORT_MAX_BYTES (past it: 413);
// - a client may post CSP_REPORTS_PER_CLIENT a minute (past it: 429), and all clients together
//   CSP_REPORTS_IN_ALL (past it: 429 for everyone until the minute is over);
// - at most CSP_LOG_LINES reports a minute are logged in all; the rest are counted, in one line
//   a minute (warn-limit.ts), so a flood cannot fill the log.
// Answered 204 with nothing. Counted per replica: each has its own log.
import express, { type Request, type Router } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import type { Logger } from 'pino';
import { answering, empty } from './plain-answers';
import { limitedLog } from './warn-limit';

export const CSP_REPORT_PATH = '/csp-report';
/** The Reporting-Endpoints group `report-to` names. */
export const CSP_REPORT_GROUP = 'csp';
export const CSP_REPORT_MAX_BYTES = 16 * 1024;
export const CSP_REPORTS_PER_CLIENT = 20;
export const CSP_REPORTS_IN_ALL = 600;
export const CSP_LOG_LINES = 30;
const WINDOW_MS = 60_000;
/** Reports read from one body (a browser batches a page's reports). */
const REPORTS_PER_BODY = 10;
const BODY_TYPES = ['application/reports+json', 'application/csp-report'];

/** One report, as logged. */
export type CspViolation = { directive: string; blocked: string; document: string; source?: string; line?: number; disposition?: string };

export function cspReportRoutes(deps: { logger: Logger; now?: () => number }): Router {
  const now = deps.now ?? Date.now;
  let windowStart = now();
  let inAll = 0;
  let logged = 0;
  const perClient = new Map<string, number>();
  /** Counts this post in its minute; false: past a limit. */
  const admit = (client: string): boolean => {
    if (now() - windowStart >= WINDOW_MS) {
      windowStart = now();
      inAll = 0;
      logged = 0;
      perClient.clear();
    }
    const own = (perClient.get(client) ?? 0) + 1;
    if (own > CSP_REPORTS_PER_CLIENT || inAll >= CSP_REPORTS_IN_ALL) return false;
    perClient.set(client, own);
    inAll += 1;
    return true;
  };
  const router = express.Router();
  router.post(
    CSP_REPORT_PATH,
    express.json({ type: BODY_TYPES, limit: CSP_REPORT_MAX_BYTES, strict: false }),
    answering((req: Request) => {
      if (!BODY_TYPES.some((type) => req.is(type))) return empty(415);
      if (!admit(ipKeyGenerator(req.ip ?? ''))) return empty(429, { 'Retry-After': '60' });
      for (const violation of cspViolations(req.body)) {
        if (logged < CSP_LOG_LINES) {
          logged += 1;
          (req.log ?? deps.logger).warn({ csp: violation }, 'content security policy violation');
        } else limitedLog(deps.logger).warn({}, `CSP reports past the log budget (${CSP_LOG_LINES} a minute), counted only`, 'csp-report-overflow');
      }
      return empty(204);
    }),
  );
  return router;
}

/** The violations in a report body of either type; what is not one is skipped. */
export function cspViolations(body: unknown): CspViolation[] {
  // application/csp-report: { "csp-report": { "document-uri", "blocked-uri", "violated-directive", ... } }
  if (isObject(body) && isObject(body['csp-report'])) {
    const r = body['csp-report'];
    return [violation({ directive: r['effective-directive'] ?? r['violated-directive'], blocked: r['blocked-uri'], document: r['document-uri'], source: r['source-file'], line: r['line-number'], disposition: r.disposition })];
  }
  // application/reports+json: [{ type: 'csp-violation', url, body: { documentURL, blockedURL, effectiveDirective, ... } }]
  if (!Array.isArray(body)) return [];
  return body
    .slice(0, REPORTS_PER_BODY)
    .filter((r): r is { body: Record<string, unknown> } => isObject(r) && r.type === 'csp-violation' && isObject(r.body))
    .map(({ body: r }) => violation({ directive: r.effectiveDirective, blocked: r.blockedURL, document: r.documentURL, source: r.sourceFile, line: r.lineNumber, disposition: r.disposition }));
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function violation(r: Record<'directive' | 'blocked' | 'document' | 'source' | 'line' | 'disposition', unknown>): CspViolation {
  const source = typeof r.source === 'string' && r.source ? pathOf(r.source, true) : undefined;
  return {
    directive: typeof r.directive === 'string' && /^[a-z-]{1,40}$/.test(r.directive) ? r.directive : 'other',
    blocked: blockedOf(r.blocked),
    document: typeof r.document === 'string' ? pathOf(r.document, false) : 'other',
    ...(source ? { source } : {}),
    ...(typeof r.line === 'number' && Number.isInteger(r.line) && r.line >= 0 ? { line: r.line } : {}),
    ...(r.disposition === 'enforce' || r.disposition === 'report' ? { disposition: r.disposition } : {}),
  };
}

/** The blocked address's origin, or its scheme (data:, blob:), or the browser's keyword (inline, eval). */
function blockedOf(blocked: unknown): string {
  if (typeof blocked !== 'string' || blocked === '') return 'none';
  if (/^[a-z-]{1,30}$/.test(blocked)) return blocked;
  try {
    const url = new URL(blocked);
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'wss:' || url.protocol === 'ws:' ? url.origin : url.protocol;
  } catch {
    return 'other';
  }
}

/** A URL's path (with its origin when `withOrigin`), never its query or fragment, at most 200 characters. */
function pathOf(address: string, withOrigin: boolean): string {
  try {
    const url = new URL(address);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return url.protocol;
    return `${withOrigin ? url.origin : ''}${url.pathname}`.slice(0, 200);
  } catch {
    return 'other';
  }
}
