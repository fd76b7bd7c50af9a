// Uploaded files as the schema sees them: metadata only ({name, size, type}). The server
// streams the bytes to disk and checks the real content; this catches the obvious early, in
// the browser, before a 100 MB upload starts.
import { z } from 'zod';
import { UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_MB } from '../constants';
import type { MessageKey, Translate } from '../messages/index';
import { isAllowedUpload } from '../upload-types';

// The allowed types live without zod, for the file input's `accept` in the browser.
export { ALLOWED_UPLOAD_TYPES, isAllowedUpload, UPLOAD_ACCEPT } from '../upload-types';

export interface FileMeta {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

/** An empty file input (no file chosen) arrives as a nameless, empty file: that is no file. */
function noFileToUndefined(value: unknown): unknown {
  if (value === null || value === '' || value === undefined) return undefined;
  if (typeof value !== 'object') return value;
  const { name, size } = value as Partial<FileMeta>;
  return (name === '' || name === undefined) && (size === 0 || size === undefined) ? undefined : value;
}

function fileMeta(t: Translate, missing: MessageKey) {
  return z
    .object(
      {
        name: z.string({ error: t(missing) }).min(1, { error: t(missing) }),
        size: z.number({ error: t(missing) }).int({ error: t(missing) }).nonnegative({ error: t(missing) }),
        type: z.string({ error: t('upload.typeNotAllowed') }).default(''),
      },
      { error: t(missing) },
    )
    .refine(isAllowedUpload, { error: t('upload.typeNotAllowed') });
}

export function requiredFile(t: Translate, missing: MessageKey) {
  return z.preprocess(noFileToUndefined, fileMeta(t, missing));
}

export function optionalFile(t: Translate) {
  return z.preprocess(noFileToUndefined, fileMeta(t, 'form.fallback').optional());
}

export function totalUploadTooLarge(files: ReadonlyArray<{ size?: unknown } | undefined>): boolean {
  const total = files.reduce((sum, file) => sum + (typeof file?.size === 'number' ? file.size : 0), 0);
  return total > UPLOAD_LIMIT_BYTES;
}

export function uploadTooLargeMessage(t: Translate): string {
  return t('upload.tooLarge', { max: UPLOAD_LIMIT_MB });
}
