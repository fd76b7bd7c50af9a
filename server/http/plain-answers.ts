// The answers of routes that render no page (JSON, text, a status alone, a file, a stream) and
// their writer: the part of the one writer (server/pages/answer-writer.ts, which sends these
// through here and adds pages, short documents and redirects) that every server layer may use.
// A route returns its answer (`answering`); only this file and the pages' writer write it.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { setTagHeaders } from '../../src/content/cache-tags';
import { CACHE, PER_CLIENT_HEADERS, sharedCacheMayKeep, type CachePolicy } from './cache-policies';

type Headers = { headers?: Readonly<Record<string, string>> };
/** `cache`: how long who may keep it (no-store when absent); `tags`: what a shared cache drops it by. */
type Kept = { cache?: CachePolicy; tags?: readonly string[] };
export type JsonAnswer = { kind: 'json'; status: number; body: unknown } & Kept;
/** Text of a type of its own (`text/plain` when absent): a sitemap, the metrics, a short refusal. */
export type TextAnswer = { kind: 'text'; status: number; body: string; contentType?: string } & Kept;
/** A status and headers, no body (a 204, a 405 with its Allow header). */
export type EmptyAnswer = { kind: 'empty'; status: number } & Kept;
/** A file from the disk: streamed with ETag (and Last-Modified when `lastModified`), 304 and
 * ranges; `missing` is sent when it cannot be read before anything was sent. */
export type FileAnswer = { kind: 'file'; file: string; contentType: string; lastModified?: boolean; missing: PlainAnswer } & Kept;
/** A body that arrives while it is sent (a large file through from the content service). */
export type StreamAnswer = { kind: 'stream'; status: number; contentType: string; length?: string; body: AsyncIterable<Uint8Array> } & Kept;
/** Any of them, with headers of its own beside Cache-Control (an Allow, a Content-Encoding). */
export type PlainAnswer = (JsonAnswer | TextAnswer | EmptyAnswer | FileAnswer | StreamAnswer) & Headers;

export const json = (status: number, body: unknown, kept: Kept = {}): JsonAnswer => ({ kind: 'json', status, body, ...kept });
export const text = (status: number, body: string, kept: Kept & { contentType?: string } = {}): TextAnswer => ({ kind: 'text', status, body, ...kept });
export const empty = (status: number, headers?: Readonly<Record<string, string>>): EmptyAnswer & Headers => ({ kind: 'empty', status, ...(headers ? { headers } : {}) });

/** Sends a plain answer. The response has nothing on its way yet. */
export async function writePlain(req: Request, res: Response, answer: PlainAnswer): Promise<void> {
  for (const [name, value] of Object.entries(answer.headers ?? {})) res.set(name, value);
  kept(res, answer);
  switch (answer.kind) {
    case 'json':
      return void res.status(answer.status).json(answer.body);
    case 'text':
      return void res.status(answer.status).type(answer.contentType ?? 'text/plain').send(answer.body);
    case 'empty':
      return void res.status(answer.status).end();
    case 'file':
      return sendFile(req, res, answer);
    case 'stream':
      return sendStream(req, res, answer);
  }
}

/** Cache-Control from the answer's policy (no-store when it names none), and its cache tags; an
 * answer a shared cache may keep goes without one client's headers (a rate limiter's). */
export function kept(res: Response, answer: Kept): void {
  const cacheControl = CACHE[answer.cache ?? 'noStore'];
  res.set('Cache-Control', cacheControl);
  if (sharedCacheMayKeep(cacheControl)) for (const name of PER_CLIENT_HEADERS) res.removeHeader(name);
  if (answer.tags) setTagHeaders(res, answer.tags);
}

function sendFile(req: Request, res: Response, answer: FileAnswer): Promise<void> {
  res.type(answer.contentType);
  return new Promise((resolve) => {
    res.sendFile(answer.file, { cacheControl: false, lastModified: answer.lastModified ?? false, etag: true, dotfiles: 'allow' }, (error) => {
      if (!error) return resolve();
      // The client went away (a download stopped): nobody to send "not found" to.
      if (res.headersSent || (error as { code?: string }).code === 'ECONNABORTED') {
        res.destroy();
        return resolve();
      }
      for (const name of ['Content-Type', 'Content-Encoding', 'Last-Modified']) res.removeHeader(name);
      void writePlain(req, res, answer.missing).then(resolve, resolve);
    });
  });
}

async function sendStream(req: Request, res: Response, answer: StreamAnswer): Promise<void> {
  res.status(answer.status).type(answer.contentType);
  if (answer.length) res.setHeader('Content-Length', answer.length);
  try {
    if (req.method !== 'HEAD') for await (const chunk of answer.body) if (!res.write(chunk)) await new Promise((r) => res.once('drain', r));
    res.end();
  } catch {
    res.destroy();
  }
}

/** A route that returns its answer: `undefined` passes the request on, a throw goes to Express's
 * error handler. `send`: the pages' writer, for a route that answers pages too. */
export function answering<A extends { kind: string }>(
  handle: (req: Request) => A | PlainAnswer | undefined | Promise<A | PlainAnswer | undefined>,
  send: (req: Request, res: Response, answer: A | PlainAnswer) => Promise<void> = writePlain as never,
): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    let answer: A | PlainAnswer | undefined;
    try {
      answer = await handle(req);
    } catch (err) {
      return next(err);
    }
    if (answer === undefined) return next();
    await send(req, res, answer);
  };
}
