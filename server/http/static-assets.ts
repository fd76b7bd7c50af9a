// Content-hashed build assets under /assets: cached for a year as immutable, and served from
// the .br/.gz files written at build time when the browser accepts them (no compression
// work per request). Only files present at startup are served: no path ever reaches the disk.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { answering, text } from './plain-answers';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json; charset=utf-8',
};

export function staticAssets(dir: string): RequestHandler {
  const files = new Set(existsSync(dir) ? readdirSync(dir) : []);
  const notFound = text(404, 'Not found');
  return answering((req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const name = req.path.slice(1);
    if (!files.has(name) || name.endsWith('.br') || name.endsWith('.gz')) return notFound;
    const accept = req.get('accept-encoding') ?? '';
    const encoding = /\bbr\b/.test(accept) && files.has(`${name}.br`) ? 'br' : /\bgzip\b/.test(accept) && files.has(`${name}.gz`) ? 'gzip' : null;
    const file = encoding ? `${name}.${encoding === 'br' ? 'br' : 'gz'}` : name;
    return {
      kind: 'file',
      file: path.join(dir, file),
      contentType: TYPES[path.extname(name)] ?? 'application/octet-stream',
      cache: 'immutable',
      headers: { Vary: 'Accept-Encoding', ...(encoding ? { 'Content-Encoding': encoding } : {}) },
      missing: notFound,
    };
  });
}
