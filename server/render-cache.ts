// Rendered pages, kept whole. An anonymous page is the same for every visitor (no nonce, no
// per-visitor markup), so the HTML or Flight body of a path is rendered once per content
// version and served from memory with an ETag, compressed once per encoding.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';

export type RenderedPage = {
  status: number;
  contentType: string;
  cacheControl: string;
  body: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
};

export function createRenderCache(opts: { ttlMs: number; maxBytes?: number }) {
  const lru = new LRUCache<string, RenderedPage>({
    max: 1000,
    maxSize: opts.maxBytes ?? 64 * 1024 * 1024,
    // Bodies and their compressed forms together; compressed ones are added lazily, so
    // count the plain body twice as a fair upper bound.
    sizeCalculation: (p) => p.body.length * 2 + 256,
    ttl: Math.max(opts.ttlMs, 1),
  });
  return {
    get: (key: string) => (opts.ttlMs > 0 ? lru.get(key) : undefined),
    set(key: string, page: RenderedPage) {
      if (opts.ttlMs > 0) lru.set(key, page);
    },
    clear: () => lru.clear(),
    get size() {
      return lru.size;
    },
  };
}

export type RenderCache = ReturnType<typeof createRenderCache>;

export function renderedPage(status: number, contentType: string, cacheControl: string, body: Buffer): RenderedPage {
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  return { status, contentType, cacheControl, body, etag };
}

/** Sends a rendered page: 304 when the browser has it, else the best encoding it accepts. */
export function sendRendered(req: Request, res: Response, page: RenderedPage): void {
  res.status(page.status);
  res.setHeader('Content-Type', page.contentType);
  res.setHeader('Cache-Control', page.cacheControl);
  res.setHeader('ETag', page.etag);
  if (page.status === 200 && req.get('if-none-match') === page.etag) {
    res.status(304).end();
    return;
  }
  const accept = req.get('accept-encoding') ?? '';
  let body = page.body;
  if (body.length > 512 && /\bbr\b/.test(accept)) {
    page.br ??= brotliCompressSync(page.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: page.body.length } });
    body = page.br;
    res.setHeader('Content-Encoding', 'br');
  } else if (body.length > 512 && /\bgzip\b/.test(accept)) {
    page.gzip ??= gzipSync(page.body, { level: 6 });
    body = page.gzip;
    res.setHeader('Content-Encoding', 'gzip');
  }
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
