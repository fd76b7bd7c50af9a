// The copies of a photograph (src/routing/image-variants.ts names their addresses): answered
// from the build's copies of the embedded content, or from disk, or made now from the original
// (embedded, or kept by the media proxy) and kept on disk for the next visitor. One encode at a
// time (image-encoder.ts); the same copy asked twice at once is made once.
//
// A copy's address carries the original's version, so it is kept for a year. When the queue
// of waiting encodes is full, the visitor is sent to the original instead (never kept), so a
// page's pictures always show.
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import type { Logger } from 'pino';
import { UPLOADS_PREFIX } from '../../src/routing/endpoints';
import { parseVariantPath, VARIANT_MIME, type VariantRequest } from '../../src/routing/image-variants';
import { answering, empty } from '../http/plain-answers';
import { encodeCopy, encodeQueue, ENCODING_VERSION } from './image-encoder';
import type { MediaDisk } from './media-disk';
import { keptFile, MEDIA_NOT_FOUND } from './media-proxy';

export type OriginalSource = (file: string, opts: { revalidate: boolean }) => Promise<string | null>;

export type MediaVariantOptions = {
  /** Where the original of an upload is on disk (fetched first when needed), or null. */
  original: OriginalSource;
  /** Where copies made on request are kept. */
  disk: MediaDisk;
  /** The build's copies of the embedded content (`dist/uploads`), answered as they are. */
  prebuiltDir?: string;
  logger: Logger;
  /** Encodes allowed to wait; more are sent to the original. */
  maxWaiting?: number;
};

/** Where the build puts a copy of an embedded file, and where the server looks for it. */
export function prebuiltCopyPath(dir: string, request: Pick<VariantRequest, 'width' | 'file' | 'format'>): string {
  return path.join(dir, `w${request.width}`, `${request.file}.${request.format}`);
}

export function mediaVariants(options: MediaVariantOptions): Router {
  const { disk, logger } = options;
  const queue = encodeQueue(options.maxWaiting ?? 16);
  const making = new Map<string, Promise<string | null | 'busy'>>();
  /** The last version asked per file: a new one has the original checked again first. */
  const versions = new Map<string, string>();

  async function make(request: VariantRequest, key: string): Promise<string | null | 'busy'> {
    const seen = versions.get(request.file);
    const original = await options.original(request.file, { revalidate: seen !== undefined && seen !== request.version });
    if (!original) return null;
    if (versions.size > 10_000) versions.clear();
    versions.set(request.file, request.version);
    const encoded = queue.run(() => encodeCopy(original, request.width, request.format));
    if (!encoded) return 'busy';
    const started = Date.now();
    const body = await encoded;
    const entry = await disk.put(key, body);
    logger.debug({ file: request.file, width: request.width, format: request.format, bytes: body.length, ms: Date.now() - started }, 'media: copy made');
    return entry.file;
  }

  const router = express.Router();
  router.get(
    `${UPLOADS_PREFIX}/:copy/:file`,
    answering(async (req) => {
      const request = parseVariantPath(req.path);
      if (!request) return undefined;
      const type = VARIANT_MIME[request.format];
      if (options.prebuiltDir) {
        const prebuilt = prebuiltCopyPath(options.prebuiltDir, request);
        if (existsSync(prebuilt)) return keptFile(prebuilt, type, 'immutable');
      }
      const key = `${ENCODING_VERSION}|${request.file}|${request.version}|${request.width}|${request.format}`;
      const kept = disk.get(key);
      if (kept) return keptFile(kept.file, type, 'immutable');
      let pending = making.get(key);
      if (!pending) {
        pending = make(request, key).finally(() => making.delete(key));
        making.set(key, pending);
      }
      try {
        const file = await pending;
        if (file === null) return MEDIA_NOT_FOUND;
        // The queue is full: the original now, never kept (a page's pictures always show).
        if (file === 'busy') return empty(307, { Location: `${UPLOADS_PREFIX}/${request.file}` });
        return keptFile(file, type, 'immutable');
      } catch (error) {
        logger.warn({ file: request.file, err: (error as Error).message }, 'media: could not make a copy');
        return MEDIA_NOT_FOUND;
      }
    }),
  );
  return router;
}
