// JSON logs with pino. Personal data from forms (names, emails, phone numbers, messages)
// never reaches a log line: known field names are redacted wherever they appear, and
// query-string values of such fields are masked in logged URLs, as are secrets and one-time
// codes (a provider's access token, the reset code, the editor preview's secret: see
// secret-params.ts).
import { ASSETS_PREFIX, HEALTH_PATH, METRICS_PATH, READY_PATH } from '../../src/routing/endpoints';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type Logger } from 'pino';
import { pinoHttp, type Options as PinoHttpOptions } from 'pino-http';
import { isSecretParam, paramName } from './secret-params';
import { clientGone } from './client-gone';

/** Personal wherever they appear. */
const PERSONAL_ANYWHERE = [
  'email', 'phone', 'telephone', 'firstname', 'lastname', 'date_of_birth', 'organisation',
  'postcode', 'zipcode', 'password',
];
/** Personal inside a form body or record (elsewhere `name` and `message` are an error's). */
const PERSONAL_IN_FORMS = [...PERSONAL_ANYWHERE, 'name', 'message', 'remarks', 'motivation', 'cv', 'token'];
const FORM_CONTAINERS = ['body', 'data', 'fields', 'form', 'submission', 'input', 'values', 'record'];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-webhook-secret"]',
  'res.headers["set-cookie"]',
  // Strapi's ValidationError repeats the rejected value (an email address, a phone number).
  '*.error.details.errors[*].value',
  '*.*.error.details.errors[*].value',
  ...PERSONAL_ANYWHERE.flatMap((f) => [f, `*.${f}`]),
  ...FORM_CONTAINERS.flatMap((c) => PERSONAL_IN_FORMS.flatMap((f) => [`${c}.${f}`, `*.${c}.${f}`])),
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, base: { service: 'joinus-site' } }, destination);
}

const PERSONAL_QUERY: ReadonlySet<string> = new Set(PERSONAL_IN_FORMS);

/** The path's own parameters (`/page;token=...`) end at the next `;` or `/`. */
const PATH_SEPARATORS = /([/;])/;
/** Past the path, whatever separates one parameter from the next, whichever a client or a
 * server uses (`&`, `;`), or the query from a fragment: each is a separator here, kept as it was. */
const QUERY_SEPARATORS = /([?&;#])/;
const NOTHING_TO_MASK_BEFORE = /[;?#]/;

/** The URL with the values of personal and secret parameters masked, whatever separator carries
 * them (a `;` reads as `&` to many servers and proxies, a fragment may hold a provider's token).
 * Names are compared as the query parser reads them (percent-decoded, any case, `name[...]` as
 * `name`), so `%73ecret=` or `secret[]=` are masked too. */
export function maskUrl(url: string): string {
  // Nothing is a parameter without a `;`, `?` or `#` (every cached page's address).
  if (!NOTHING_TO_MASK_BEFORE.test(url)) return url;
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  const pathParts = path.split(PATH_SEPARATORS);
  const rest = end === -1 ? [] : url.slice(end).split(QUERY_SEPARATORS);
  // A piece at an odd index is a separator; a path segment is a parameter only after a `;`.
  const maskedPath = pathParts.map((part, i) => (i % 2 === 0 && pathParts[i - 1] === ';' ? maskParam(part) : part));
  return maskedPath.join('') + rest.map((part, i) => (i % 2 === 1 ? part : maskParam(part))).join('');
}

function maskParam(param: string): string {
  const eq = param.indexOf('=');
  if (eq !== -1) return masked(paramName(param.slice(0, eq))) ? `${param.slice(0, eq)}=[redacted]` : param;
  // No `=`: a name alone, or one whose `=` is percent-encoded with its value (`token%3Dabc`).
  const decoded = paramName(param);
  return decoded.includes('=') && masked(decoded.slice(0, decoded.indexOf('=')).trim()) ? '[redacted]' : param;
}

const masked = (name: string) => PERSONAL_QUERY.has(name) || isSecretParam(name);

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** What an access line says of the request: nothing personal (the URL masked). `client` is the
 * address the rate limiters count (Express's `req.ip`: the proxy's X-Forwarded-For read under
 * TRUST_PROXY), so a log line can be matched with the bucket that refused it. */
function requestFields(req: { method?: string; url?: string; headers: Record<string, string | string[] | undefined> }, id: unknown, client: string | undefined) {
  return { id, method: req.method, url: maskUrl(req.url ?? ''), client, userAgent: req.headers['user-agent'] };
}

/** A request id from the proxy is kept (one id across hops), else a new one; sent back as
 * `X-Request-Id` (set here when `res` is given). */
export function assignRequestId(req: IncomingMessage, res?: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res?.setHeader('X-Request-Id', id);
  return id;
}

/** The logger of access lines: no redaction (they hold nothing personal, see httpLogger). */
export const accessLogger = (logger: Logger): Logger => logger.child({}, { redact: { paths: [] } });

/** A 503 with Retry-After is the server shedding load it chose to refuse (render-budget.ts): a
 * warning like a 429, not an error of the server's. */
const levelOf = (status: number, err?: unknown, retryAfter?: unknown) =>
  err || (status >= 500 && !(status === 503 && retryAfter !== undefined)) ? 'error' : status >= 400 ? 'warn' : 'info';

/** The access line of an answer sent without pino-http (a render-cache hit), in its shape. */
export function accessLine(access: Logger, req: IncomingMessage, status: number, id: string, responseTime: number, client?: string): void {
  access[levelOf(status)]({ req: requestFields(req, id, client), res: { statusCode: status }, responseTime: Math.round(responseTime) }, 'request completed');
}

/**
 * The access log, and `req.log` for the handlers.
 *
 * The access line ("request completed") holds only what its serializers pick: id, method,
 * masked URL, client address, user agent, status. It has nothing personal by construction, so it is written by
 * a child with no redaction. With the paths above, pino's redaction costs about 130 µs a line,
 * against 1.5 µs without (measured with pino 10 on this machine), and this line is written on
 * every request.
 *
 * `req.log` is the redacting logger with the request id. It is made on first use, because most
 * requests (a cached page) log nothing but their access line.
 */
export function httpLogger(logger: Logger) {
  const options: PinoHttpOptions = {
    logger: accessLogger(logger),
    genReqId: assignRequestId,
    serializers: {
      // `raw` is Express's request by the time the line is written: its `ip` follows `trust proxy`.
      req: (req: { id: string; method: string; url: string; headers: Record<string, string | string[] | undefined>; raw?: { ip?: string } }) => requestFields(req, req.id, req.raw?.ip),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    // A client that went away before its answer was sent is no failure (client-gone.ts).
    customLogLevel: (req, res, err) => (clientGone(req, res, err) ? 'info' : levelOf(res.statusCode, err, res.getHeader('retry-after'))),
    autoLogging: { ignore: (req) => req.url === HEALTH_PATH || req.url === READY_PATH || req.url === METRICS_PATH || (req.url ?? '').startsWith(`${ASSETS_PREFIX}/`) },
  };
  const middleware = pinoHttp(options);
  return (req: IncomingMessage & { id?: unknown; log?: Logger }, res: ServerResponse, next: () => void) => {
    // Set before pino-http runs, so it keeps this one for the handlers (it only fills in a
    // missing one). A child of the redacting logger costs about 37 µs: made on first use only.
    let own: Logger | undefined;
    req.log = new Proxy({} as Logger, {
      get(_target, prop) {
        own ??= logger.child({ reqId: req.id });
        const value: unknown = Reflect.get(own, prop);
        return typeof value === 'function' ? value.bind(own) : value;
      },
    });
    middleware(req, res, next);
  };
}
