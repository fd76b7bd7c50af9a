// The copies of a photograph (src/routing/image-variants.ts names their addresses): answered
// from the build's copies of the embedded content, or from disk, or made now from the original
// (embedded, or kept by the media proxy) and kept on disk for the next visitor.
//
// Only a copy some page links is made: the address must name, for the file's media record as
// the content service holds it now (media-catalogue.ts), a width and format the site writes
// (src/routing/image-copies.ts, the code that writes the srcsets) and the record's version.
// - No such record: 404, and the name is remembered as unknown (no lookup per request).
// - Not a linked width or format (another width, PNG of a JPEG, any copy of a drawing or a GIF):
//   404, nothing made. An SVG is only ever served as it is.
// - Another version (made up, or the photo's before an editor replaced it): the record is asked
//   again if it is older than a few seconds (a newer version this process has not heard of), then
//   a temporary redirect to the current version's address, kept by no cache. A browser showing a page from before the
//   replace gets the photo, not a broken image; a made-up version costs a redirect, and however
//   many are made up they all lead to the one copy, which caches keep for a year.
// - The content service cannot say now: a copy made before for this very address is answered;
//   else the original (the media proxy serves its kept copy while the service is down).
//
// Encodes go to one process of their own, one at a time, at a low CPU priority, behind a bounded
// queue (encoder-process.ts); the same copy asked twice at once is made once. When the queue is
// full the visitor is sent to the original (a temporary redirect, never kept): the picture shows
// now, larger, rather than a 503 a browser does not retry for an image; and since only linked
// copies are made, a full queue is a cold start's, not one client's.
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import type { Logger } from 'pino';
import { UPLOADS_PREFIX } from '../../src/routing/endpoints';
import { isLinkedCopy } from '../../src/routing/image-copies';
import { parseVariantPath, VARIANT_MIME, variantPath, variantVersion, type VariantRequest } from '../../src/routing/image-variants';
import { answering, empty } from '../http/plain-answers';
import { limitedLog } from '../http/warn-limit';
import type { Encoder } from './encoder-process';
import { ENCODING_VERSION } from './image-encoder';
import type { MediaCatalogue } from './media-catalogue';
import type { MediaDisk } from './media-disk';
import { keptFile, MEDIA_NOT_FOUND } from './media-proxy';

export type OriginalSource = (file: string, opts: { revalidate: boolean }) => Promise<string | null>;

export type MediaVariantOptions = {
  /** Where the original of an upload is on disk (fetched first when needed), or null. */
  original: OriginalSource;
  /** The content service's media records, by file name. */
  catalogue: MediaCatalogue;
  /** Where copies made on request are kept. */
  disk: MediaDisk;
  /** The build's copies of the embedded content (`dist/uploads`), answered as they are. */
  prebuiltDir?: string;
  /** Where copies are made (encoder-process.ts). */
  encoder: Encoder;
  logger: Logger;
};

/** Where the build puts a copy of an embedded file, and where the server looks for it. */
export function prebuiltCopyPath(dir: string, request: Pick<VariantRequest, 'width' | 'file' | 'format'>): string {
  return path.join(dir, `w${request.width}`, `${request.file}.${request.format}`);
}

/** Sent somewhere else for now: kept by no cache (what it points to may change). */
const redirect = (location: string) => empty(307, { Location: location });

export function mediaVariants(options: MediaVariantOptions): Router {
  const { disk, logger, catalogue, encoder } = options;
  const making = new Map<string, Promise<string | null | 'busy'>>();
  /** The last version made per file: a new one has the original checked again first. */
  const versions = new Map<string, string>();

  async function make(request: VariantRequest, key: string): Promise<string | null | 'busy'> {
    const seen = versions.get(request.file);
    const original = await options.original(request.file, { revalidate: seen !== undefined && seen !== request.version });
    if (!original) return null;
    if (versions.size > 10_000) versions.clear();
    versions.set(request.file, request.version);
    const encoded = encoder.run({ input: original, width: request.width, format: request.format });
    if (!encoded) return 'busy';
    const started = Date.now();
    const { body } = await encoded;
    const entry = await disk.put(key, body);
    logger.debug({ file: request.file, width: request.width, format: request.format, bytes: body.length, ms: Date.now() - started }, 'media: copy made');
    return entry.file;
  }

  const keyOf = (request: VariantRequest) => `${ENCODING_VERSION}|${request.file}|${request.version}|${request.width}|${request.format}`;

  const router = express.Router();
  router.get(
    `${UPLOADS_PREFIX}/:copy/:file`,
    answering(async (req) => {
      const request = parseVariantPath(req.path);
      if (!request) return undefined;
      const type = VARIANT_MIME[request.format];
      const original = `${UPLOADS_PREFIX}/${request.file}`;
      const key = keyOf(request);
      let media = await catalogue.record(request.file);
      // Another version than the known one: perhaps a newer one (checked at most every few seconds).
      if (typeof media === 'object' && request.version !== variantVersion(media)) media = await catalogue.recheck(request.file);
      if (media === 'missing') return MEDIA_NOT_FOUND;
      if (media === 'unreachable') {
        const kept = disk.get(key);
        return kept ? keptFile(kept.file, type, 'immutable') : redirect(original);
      }
      if (media.url !== original || !isLinkedCopy(media, request.width, request.format)) return MEDIA_NOT_FOUND;
      if (request.version !== variantVersion(media)) return redirect(variantPath(media, request.width, request.format));

      if (options.prebuiltDir) {
        const prebuilt = prebuiltCopyPath(options.prebuiltDir, request);
        if (existsSync(prebuilt)) return keptFile(prebuilt, type, 'immutable');
      }
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
        if (file === 'busy') return redirect(original);
        return keptFile(file, type, 'immutable');
      } catch (error) {
        limitedLog(logger).warn({ file: request.file, err: (error as Error).message }, 'media: could not make a copy');
        return MEDIA_NOT_FOUND;
      }
    }),
  );
  return router;
}
