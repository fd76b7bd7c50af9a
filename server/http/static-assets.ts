// Content-hashed build assets under /assets: cached for a year as immutable, and served from
// the .br/.gz files written at build time when the browser accepts them (no compression
// work per request). Only files present at startup are served: no path ever reaches the disk.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { CACHE } from './cache-policies';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json; charset=utf-8',
};

export function staticAssets(dir: string): RequestHandler {
  const files = new Set(existsSync(dir) ? readdirSync(dir) : []);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    if (!files.has(name) || name.endsWith('.br') || name.endsWith('.gz')) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    const accept = req.get('accept-encoding') ?? '';
    const encoding = /\bbr\b/.test(accept) && files.has(`${name}.br`) ? 'br' : /\bgzip\b/.test(accept) && files.has(`${name}.gz`) ? 'gzip' : null;
    res.setHeader('Cache-Control', CACHE.immutable);
    res.setHeader('Content-Type', TYPES[path.extname(name)] ?? 'application/octet-stream');
    res.setHeader('Vary', 'Accept-Encoding');
    if (encoding) res.setHeader('Content-Encoding', encoding);
    const file = encoding ? `${name}.${encoding === 'br' ? 'br' : 'gz'}` : name;
    res.sendFile(path.join(dir, file), { headers: {}, cacheControl: false, lastModified: false, etag: true }, (err) => {
      if (err && !res.headersSent) next(err);
    });
  };
}
