// Rendered answers are compressed twice over: at a quick level on the render's path (a page asked
// for once, a new search or a form's answer, pays little), and again at the kept level once the
// page is sent a second time (every later visitor gets the smaller answer), off the request's path.
// The class: what one encoding does, the other does too (gzip and brotli).
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, test } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync, gzipSync } from 'node:zlib';
import { prepareFor, renderedPage, sendRendered } from '../../../server/pages/render-cache';
import { until } from '../../support/until';

// A page's worth of varied text (a seeded sequence of Dutch words), where the levels differ.
const WORDS = ['eenzaamheid', 'jongeren', 'groep', 'samen', 'Tiel', 'vrijwilliger', 'aanmelden', 'gemeente', 'ontmoeten', 'bijeenkomst', 'doneren', 'vacature', 'Geldermalsen', 'online', 'praten'];
let seed = 7;
const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
const html = Buffer.from(`<!DOCTYPE html><html><body>${Array.from({ length: 600 }, () => `<p class="t${next() % 9}">${Array.from({ length: 8 }, () => WORDS[next() % WORDS.length]).join(' ')} ${next() % 1000}.</p>`).join('')}</body></html>`);

function send(page: ReturnType<typeof renderedPage>, acceptEncoding: string): Buffer {
  let sent: Buffer | undefined;
  const req = { headers: { 'accept-encoding': acceptEncoding }, method: 'GET' } as unknown as IncomingMessage;
  const res = { removeHeader() {}, writeHead() { return res; }, end(body?: Buffer) { sent = body; } } as unknown as ServerResponse;
  sendRendered(req, res, page);
  return sent!;
}

const encodings = [
  { name: 'gzip', decode: gunzipSync, quick: (b: Buffer) => gzipSync(b, { level: 4 }), kept: (b: Buffer) => gzipSync(b, { level: 6 }) },
  { name: 'br', decode: brotliDecompressSync, quick: (b: Buffer) => brotliCompressSync(b, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: b.length } }), kept: (b: Buffer) => brotliCompressSync(b, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: b.length } }) },
] as const;

describe('the class, a cold answer compressed at a level meant for dynamic content, a kept one at the kept level', () => {
  for (const encoding of encodings) {
    test(`${encoding.name}: quick on the render's path, the kept level from the third answer on, the same page each time`, async () => {
      const page = renderedPage(200, 'text/html; charset=utf-8', 'public, max-age=0, s-maxage=60', html);
      await prepareFor(page, encoding.name);
      const first = send(page, encoding.name);
      assert.equal(first.length, encoding.quick(html).length, 'the first answer: the quick level');
      assert.ok(encoding.decode(first).equals(html));
      const second = send(page, encoding.name);
      assert.equal(second.length, first.length, 'the second: still the quick one (made again meanwhile)');
      assert.ok(await until(() => send(page, encoding.name).length === encoding.kept(html).length, 2000, 10), 'then the kept level');
      const kept = send(page, encoding.name);
      assert.ok(kept.length < first.length, `${kept.length} < ${first.length}`);
      assert.ok(encoding.decode(kept).equals(html), 'the same page');
    });
  }
});

/** The headers of one answer, as writeHead got them. */
function sentHeaders(page: ReturnType<typeof renderedPage>, acceptEncoding: string): { body: Buffer; headers: Map<string, string> } {
  const out: { body: Buffer; headers: Map<string, string> } = { body: Buffer.alloc(0), headers: new Map() };
  const req = { headers: { 'accept-encoding': acceptEncoding }, method: 'GET' } as unknown as IncomingMessage;
  const res = {
    removeHeader() {},
    writeHead(_status: number, flat: string[]) {
      for (let i = 0; i < flat.length; i += 2) out.headers.set(flat[i]!.toLowerCase(), flat[i + 1]!);
      return res;
    },
    end(body?: Buffer) {
      out.body = body!;
    },
  } as unknown as ServerResponse;
  sendRendered(req, res, page);
  return out;
}

describe('the class, headers made once for a page follow what they describe', () => {
  for (const encoding of encodings) {
    test(`${encoding.name}: Content-Length follows the kept level's new body; a copy with another Cache-Control and tags set later are sent as they are`, async () => {
      const page = renderedPage(200, 'text/html; charset=utf-8', 'public, max-age=0, s-maxage=60', html);
      await prepareFor(page, encoding.name);
      for (let i = 0; i < 2; i += 1) {
        const { body, headers } = sentHeaders(page, encoding.name);
        assert.equal(headers.get('content-length'), String(body.length));
        assert.equal(headers.get('content-encoding'), encoding.name);
      }
      assert.ok(await until(() => sentHeaders(page, encoding.name).body.length === encoding.kept(html).length, 2000, 10));
      const kept = sentHeaders(page, encoding.name);
      assert.equal(kept.headers.get('content-length'), String(kept.body.length), 'the length of the kept level, not the quick one');
      const copy = sentHeaders({ ...page, cacheControl: 'no-store', tags: undefined }, encoding.name);
      assert.equal(copy.headers.get('cache-control'), 'no-store');
      page.tags = ['site', 'doc_a'];
      assert.equal(sentHeaders(page, encoding.name).headers.get('cache-tag'), 'site,doc_a');
      assert.equal(sentHeaders(page, 'identity').headers.get('content-length'), String(html.length), 'the neighbour: no encoding');
    });
  }
});
