import { isObject } from './errors';

/**
 * An image's alternative text as the site shows it: the one the record gives it, in the field
 * beside the image (`imageAlt` beside `image`, `coverAlt` beside `cover`), else the file's own
 * from the media library. A file has one text and no locale, so the English page's description
 * of a photograph lives with the English page; the file keeps the Dutch one. Folded into the
 * media object here, so every view reads `media.alternativeText` and nothing more.
 */
export function withRecordAltTexts(record: Record<string, unknown>): Record<string, unknown> {
  let out = record;
  for (const [field, value] of Object.entries(record)) {
    const own = record[`${field}Alt`];
    if (typeof own !== 'string' || own.trim() === '' || !isMedia(value)) continue;
    if (out === record) out = { ...record };
    out[field] = { ...value, alternativeText: own };
  }
  return out;
}

const isMedia = (value: unknown): value is Record<string, unknown> => isObject(value) && typeof value.url === 'string';
