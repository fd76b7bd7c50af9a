// The requests the fuzzing sends, drawn from a seeded random source: real paths of the site
// bent with traversal, encoding and redirect tricks, prototype names where the server looks
// names up, query strings too deep, too long or too many, odd headers, and posts to the forms
// and the content webhook with broken bodies. `raw` ones go over a bare socket (node:http
// would refuse to send them) with a second request behind them on the same connection.
import { FORM_DEFINITIONS } from '../../src/forms/catalogue/index';
import type { Sent } from './http';
import type { Random } from './random';
import { oldStamp, WEBHOOK_SECRET } from './site';

export type FuzzRequest = { kind: 'http'; sent: Sent; label: string } | { kind: 'raw'; bytes: Buffer; label: string };

export const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'isPrototypeOf', 'propertyIsEnumerable', '__lookupSetter__'];
const EVIL = 'evil.example';
const TRAVERSALS = [
  '/../../../../etc/passwd', '/%2e%2e/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fpackage.json', '/uploads/..%252f..%252f.env', '/.env', '/.git/config',
  '/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd', '/uploads/%2e%2e%5c%2e%2e%5cpackage.json', '/static/....//....//etc/passwd', '/dist/server/index.cjs', '/server/env.ts',
  '/node_modules/.package-lock.json', '/uploads/../content/snapshot', '/%00', '/index.html%00.js', '/uploads/avatar-1.svg%00.html',
];
const REDIRECTS = [`//${EVIL}/`, `///${EVIL}/`, `/\\${EVIL}/`, `/nl//${EVIL}`, `/en//${EVIL}/x`, `/%2F%2F${EVIL}`, `/.//${EVIL}`, `/./${EVIL}`, `/%5C${EVIL}`, `/%09/${EVIL}`, `/https:/${EVIL}`, `//${EVIL}/%2e%2e`];
const PAGE_PARAMS = ['verzonden', 'age', 'postcode', 'municipality', 'bijhouden', 'locatie', 'categorie', 'pagina', 'code', 'terug', 'bevestigd', 'uitgelogd', 'debug', '_rsc'];
const ODD_VALUES = [
  '', '-1', '0', '1e309', 'NaN', 'Infinity', '99999999999999999999', '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', `//${EVIL}`, `https://${EVIL}/`,
  'javascript:alert(1)', '../../etc/passwd', '%', '%zz', '%u0041', '%E0%A4%A', '\u00e9\u00e8', '\u{1F600}', 'null', 'undefined', '[object Object]', '1234AB', '1234 ab', '12',
];
const METHODS = ['GET', 'GET', 'GET', 'GET', 'HEAD', 'POST', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE', 'PROPFIND'];
const FORM_NAMES = FORM_DEFINITIONS.map((d) => d.name);
const FIELD_NAMES = [...new Set(FORM_DEFINITIONS.flatMap((d) => d.fields.map((f) => f.name))), '_ts', '_page', 'website', 'altcha', 'g-recaptcha-response', 'about', 'step', '_step'];
const WEBHOOK_MODELS = ['page', 'blog-post', 'vacancy', 'location', 'district', 'api::page.page', 'global', 'navigation', ...PROTOTYPE_NAMES, 'api::__proto__.__proto__', 'a.constructor', ''];

export function fuzzRequest(r: Random, paths: string[], origin: string): FuzzRequest {
  const roll = r.next();
  if (roll < 0.14) return formPost(r, origin);
  if (roll < 0.18) return webhook(r);
  if (roll < 0.28) return raw(r, paths, origin);
  const method = r.pick(METHODS);
  const path = fuzzPath(r, paths);
  const headers = oddHeaders(r, origin);
  const body = method === 'GET' || method === 'HEAD' ? undefined : r.chance(0.5) ? r.string(r.int(0, 2000)) : undefined;
  return { kind: 'http', sent: { method, path, headers, body }, label: `${method} path` };
}

function fuzzPath(r: Random, paths: string[]): string {
  const base = r.pick(paths);
  const roll = r.next();
  let path = base;
  if (roll < 0.1) path = r.pick(TRAVERSALS);
  else if (roll < 0.2) path = r.pick(REDIRECTS);
  else if (roll < 0.3) path = `${base.replace(/\/$/, '')}/${r.pick(PROTOTYPE_NAMES)}`;
  else if (roll < 0.36) path = `/${r.pick(PROTOTYPE_NAMES)}`;
  else if (roll < 0.44) path = encodeSome(r, base);
  else if (roll < 0.48) path = `/${r.string(r.int(1000, 9000))}`;
  else if (roll < 0.54) path = base.replace(/\//g, () => r.pick(['/', '//', '/./', '/%2f', '/;x=1/']));
  else if (roll < 0.58) path = base.toUpperCase();
  else if (roll < 0.62) path = `${base}${r.pick(['/', '.', '%20', '~', '.json', '.html', '/index.html', '%00', '#x'])}`;
  return path + (r.chance(0.55) ? `?${queryString(r)}` : '');
}

/** Percent-encodes some characters of a path, sometimes twice, sometimes wrongly. */
function encodeSome(r: Random, path: string): string {
  return [...path]
    .map((c) => {
      if (c === '/' && r.chance(0.8)) return c;
      if (!r.chance(0.3)) return c;
      const hex = c.charCodeAt(0).toString(16).padStart(2, '0');
      return r.pick([`%${hex}`, `%25${hex}`, `%${hex.toUpperCase()}`, '%', `%${hex[0]}`]);
    })
    .join('');
}

function queryString(r: Random): string {
  const roll = r.next();
  if (roll < 0.1) return Array.from({ length: r.int(100, 1500) }, (_, i) => `p${i}=${i}`).join('&');
  if (roll < 0.18) return `${r.pick(PAGE_PARAMS)}=${r.string(r.int(2000, 20_000))}`;
  if (roll < 0.28) return `${r.pick(PROTOTYPE_NAMES)}[${r.pick(PROTOTYPE_NAMES)}]=${r.pick(ODD_VALUES)}&${r.pick(PAGE_PARAMS)}[__proto__][x]=1`;
  if (roll < 0.34) return `${r.pick(PAGE_PARAMS)}${'[a]'.repeat(r.int(5, 40))}=1`;
  if (roll < 0.4) return Array.from({ length: r.int(20, 200) }, () => `${r.pick(PAGE_PARAMS)}[]=${r.int(0, 9)}`).join('&');
  if (roll < 0.46) return r.pick(['%', '%%', '&&&', '=', '==&=', '?', '#', '+', '%zz=%zz', 'a=%E0%A4%A', '\u00e9=\u00e9']).replace(/[^\x21-\x7e]/g, encodeURIComponent);
  const n = r.int(1, 5);
  return Array.from({ length: n }, () => {
    const name = r.chance(0.7) ? r.pick(PAGE_PARAMS) : r.chance(0.5) ? r.pick(PROTOTYPE_NAMES) : r.string(r.int(1, 8));
    return `${encodeURIComponent(name)}=${encodeURIComponent(r.pick(ODD_VALUES))}`;
  }).join('&');
}

function oddHeaders(r: Random, origin: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const n = r.int(0, 4);
  for (let i = 0; i < n; i++) {
    const roll = r.int(0, 16);
    if (roll === 0) headers.Accept = r.pick(['text/x-component', 'application/json', '*/*', 'text/html;q=0.1, text/x-component;q=0.9', '', 'image/*']);
    else if (roll === 1) headers['Accept-Language'] = r.pick(['en', 'nl-NL,nl;q=0.9', '*;q=xyz', 'en;q=1.5,nl;q=-1', 'x'.repeat(4000), Array.from({ length: 300 }, (_, i) => `l${i};q=0.${i % 9}`).join(',')]);
    else if (roll === 2) headers.Cookie = r.pick([`session=${r.string(8000)}`, '=;=;;', 'joinus_session=%zz', `__proto__=x; constructor=y`, 'a'.repeat(100)]);
    else if (roll === 3) headers.Range = r.pick(['bytes=0-0', 'bytes=-1', 'bytes=99999999999-', 'bytes=5-1', 'bytes=0-1,2-3,4-5,6-7,8-9,10-11', 'lines=1-2', 'bytes=--']);
    else if (roll === 4) headers['If-None-Match'] = r.pick(['*', 'W/"x"', '"', 'x'.repeat(3000)]);
    else if (roll === 5) headers['If-Modified-Since'] = r.pick(['garbage', 'Thu, 01 Jan 1970 00:00:00 GMT', 'Fri, 31 Dec 9999 23:59:59 GMT']);
    else if (roll === 6) headers['Accept-Encoding'] = r.pick(['br;q=1000, gzip;q=NaN', 'identity;q=0, *;q=0', 'x-unknown', 'gzip, gzip, gzip', '']);
    else if (roll === 7) headers.Host = r.pick([EVIL, `${EVIL}:80`, 'localhost:3000', '[::1]', '', 'a b']);
    else if (roll === 8) headers['X-Forwarded-Host'] = EVIL;
    else if (roll === 9) headers['X-Forwarded-Proto'] = r.pick(['https', 'javascript', 'http, https']);
    else if (roll === 10) headers['X-Forwarded-For'] = r.pick(['1.2.3.4', 'garbage', '1.2.3.4, 5.6.7.8', '::ffff:127.0.0.1', 'x'.repeat(1000)]);
    else if (roll === 11) headers.Origin = r.pick([origin, 'null', `https://${EVIL}`, '']);
    else if (roll === 12) headers.Referer = r.pick(['javascript:alert(1)', `https://${EVIL}/`, origin]);
    else if (roll === 13) headers['Content-Type'] = r.pick(['application/json; charset=utf-7', 'multipart/form-data', 'text/plain', 'application/x-www-form-urlencoded; charset=bogus']);
    else if (roll === 14) headers['RSC'] = '1';
    else if (roll === 15) headers.Authorization = `Bearer ${r.string(40)}`;
    else headers['X-Requested-With'] = 'XMLHttpRequest';
  }
  return headers;
}

function formFields(r: Random): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  const n = r.int(0, 12);
  for (let i = 0; i < n; i++) {
    const name = r.chance(0.75) ? r.pick(FIELD_NAMES) : r.chance(0.5) ? r.pick(PROTOTYPE_NAMES) : `${r.pick(FIELD_NAMES)}[${r.pick(PROTOTYPE_NAMES)}]`;
    fields.push([name, r.chance(0.3) ? r.pick(ODD_VALUES) : r.chance(0.1) ? r.string(r.int(1000, 50_000)) : r.string(r.int(1, 30), 'abcdefghij @.0123456789')]);
  }
  if (r.chance(0.6)) fields.push(['_ts', r.chance(0.8) ? oldStamp() : r.string(20)]);
  if (r.chance(0.5)) fields.push(['_page', r.pick(['/contact', '/vacatures', `/.//${EVIL}`, `//${EVIL}`, `https://${EVIL}/`, `/\\${EVIL}`, '/nl//x', r.string(10)])]);
  if (r.chance(0.3)) fields.push(['privacy', 'on'], ['email', 'sam@example.nl'], ['name', 'Sam'], ['message', 'Hallo daar, dit is een bericht.']);
  return fields;
}

function formPost(r: Random, origin: string): FuzzRequest {
  const form = r.chance(0.85) ? r.pick(FORM_NAMES) : r.pick([...PROTOTYPE_NAMES, r.string(6), '', '..%2f..%2fhealthz']);
  const headers: Record<string, string> = { Origin: r.chance(0.9) ? origin : r.pick(['null', `https://${EVIL}`]) };
  if (r.chance(0.5)) headers.Accept = 'application/json';
  const fields = formFields(r);
  const roll = r.next();
  let body: Buffer | string;
  if (roll < 0.45) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = fields.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  } else if (roll < 0.8) {
    const boundary = `b${r.string(12)}`;
    headers['Content-Type'] = `multipart/form-data; boundary=${boundary}`;
    body = multipart(r, boundary, fields, true);
  } else if (roll < 0.9) {
    headers['Content-Type'] = 'application/json';
    body = r.chance(0.5) ? JSON.stringify(Object.fromEntries(fields)) : `{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}},${r.string(5)}`;
  } else {
    headers['Content-Type'] = r.pick(['text/plain', 'application/xml', 'multipart/form-data', 'application/x-www-form-urlencoded; charset=utf-16']);
    body = r.string(r.int(0, 3000));
  }
  return { kind: 'http', sent: { method: 'POST', path: `/forms/${form}${r.chance(0.1) ? `?${queryString(r)}` : ''}`, headers, body }, label: `POST /forms` };
}

/** A multipart body: well-formed, or (when `mayBreak`) broken somewhere. */
export function multipart(r: Random, boundary: string, fields: Array<[string, string]>, mayBreak: boolean): Buffer {
  const parts = fields.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/"/g, '')}"\r\n\r\n${v}\r\n`);
  if (r.chance(0.4)) {
    const filename = r.pick(['cv.pdf', '../../../etc/passwd', '..\\..\\x.pdf', '__proto__', 'a'.repeat(500) + '.pdf', 'cv.pdf\u0000.exe', '', 'cv.PDF']);
    const type = r.pick(['application/pdf', 'text/html', 'application/octet-stream', '']);
    const content = r.pick(['%PDF-1.4\n' + r.string(r.int(10, 50_000)), '<script>alert(1)</script>', r.string(r.int(0, 200))]);
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${r.pick(['cv', 'file', 'cv', '__proto__'])}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n${content}\r\n`);
  }
  let text = parts.join('') + `--${boundary}--\r\n`;
  if (mayBreak && r.chance(0.4)) {
    const roll = r.int(0, 6);
    if (roll === 0) text = text.slice(0, r.int(0, text.length)); // cut short
    else if (roll === 1) text = text.replace(`--${boundary}--`, ''); // no closing boundary
    else if (roll === 2) text = `--${boundary}\r\n${'X'.repeat(r.int(1000, 30_000))}\r\n\r\nv\r\n` + text; // a part header busboy refuses
    else if (roll === 3) text = text.replace(/Content-Disposition: form-data; /g, 'Content-Disposition: ');
    else if (roll === 4) text = text.replaceAll(boundary, `${boundary}x`); // the wrong boundary throughout
    else if (roll === 5) text = `${'\r\n'.repeat(r.int(1, 100))}${text}`;
    else text = Array.from({ length: r.int(100, 2000) }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`).join('') + `--${boundary}--\r\n`;
  }
  return Buffer.from(text, 'latin1');
}

function webhook(r: Random): FuzzRequest {
  const headers: Record<string, string> = { 'Content-Type': r.chance(0.9) ? 'application/json' : 'text/plain' };
  const secret = r.chance(0.85) ? WEBHOOK_SECRET : r.string(20);
  if (r.chance(0.5)) headers.Authorization = `Bearer ${secret}`;
  else headers['X-Webhook-Secret'] = secret;
  const event = r.pick(['entry.update', 'entry.create', 'entry.delete', 'entry.publish', 'entry.unpublish', 'media.create', 'trigger-test', '__proto__', 'entry.__proto__']);
  const model: unknown = r.chance(0.85) ? r.pick(WEBHOOK_MODELS) : r.pick([null, 1, ['page'], { toString: 1 }, true]);
  const roll = r.next();
  let body: string;
  if (roll < 0.7) body = JSON.stringify({ event, model, uid: typeof model === 'string' ? `api::${model}.${model}` : model, entry: { id: r.int(0, 9), slug: r.pick(ODD_VALUES), locale: r.pick(['nl', 'en', '__proto__']) } });
  else if (roll < 0.8) body = `{"event":"entry.update","model":"__proto__","__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}`;
  else if (roll < 0.9) body = `{"event":"entry.update","model":${r.string(5)}`;
  else body = JSON.stringify({ event: 'entry.update', model: 'page', entry: { text: 'x'.repeat(r.chance(0.5) ? 600_000 : 100_000) } });
  return { kind: 'http', sent: { method: r.chance(0.95) ? 'POST' : 'GET', path: '/api/content-webhook', headers, body }, label: 'webhook' };
}

/** A request node:http would not send, then `GET /healthz` on the same connection. */
function raw(r: Random, paths: string[], origin: string): FuzzRequest {
  const host = new URL(origin).host;
  const next = `GET /healthz HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;
  const roll = r.int(0, 7);
  let first: string | Buffer;
  if (roll <= 2) {
    // A multipart post, often malformed, on a keep-alive connection: the next request must be answered.
    const boundary = `b${r.string(10)}`;
    const body = multipart(r, boundary, formFields(r), true);
    const head = `POST /forms/${r.pick(FORM_NAMES)} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${origin}\r\nAccept: application/json\r\nContent-Type: multipart/form-data; boundary=${r.chance(0.9) ? boundary : ''}\r\nContent-Length: ${body.length}\r\n\r\n`;
    first = Buffer.concat([Buffer.from(head, 'latin1'), body]);
  } else if (roll === 3) {
    first = `GET ${r.pick(paths)}${r.pick([' ', '\t', '\u0000', '\u007f', '"', '<', '\\'])}x HTTP/1.1\r\nHost: ${host}\r\n\r\n`;
  } else if (roll === 4) {
    first = `GET ${r.pick(paths)} HTTP/1.1\r\nHost: ${host}\r\nX-Odd: ${r.pick(['\u0001', 'a\u0000b', '\u00ff\u00fe', 'x'.repeat(20_000)])}\r\n\r\n`;
  } else if (roll === 5) {
    first = `${r.pick(['G3T', 'GET  ', '', 'GET', 'PRI'])} ${r.pick(paths)} ${r.pick(['HTTP/1.1', 'HTTP/2.0', 'HTTP/0.9', 'HTTP/1.1 x', 'FOO'])}\r\nHost: ${host}\r\n\r\n`;
  } else if (roll === 6) {
    first = `POST /forms/contact HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${origin}\r\nTransfer-Encoding: ${r.pick(['chunked', 'chunked, identity', 'gzip'])}\r\n${r.chance(0.5) ? 'Content-Length: 5\r\n' : ''}Content-Type: application/x-www-form-urlencoded\r\n\r\n${r.pick(['5\r\nname=\r\n0\r\n\r\n', 'zz\r\nx\r\n0\r\n\r\n', '0\r\n\r\n'])}`;
  } else {
    first = `GET ${r.pick(paths)} HTTP/1.1\r\nHost: ${host}\r\n${Array.from({ length: r.int(50, 300) }, (_, i) => `X-H${i}: ${r.string(20)}\r\n`).join('')}\r\n`;
  }
  return { kind: 'raw', bytes: Buffer.concat([typeof first === 'string' ? Buffer.from(first, 'latin1') : first, Buffer.from(next, 'latin1')]), label: 'raw' };
}
