import { FIRST_LOCALE } from '../i18n/locale';
import { isObject } from './errors';

/**
 * An image's alternative text as the site shows it: the one the record gives it, in the field
 * beside the image (`imageAlt` beside `image`, `coverAlt` beside `cover`), else the file's own
 * from the media library. A file has one text and no locale, so the English page's description
 * of a photograph lives with the English page; the file keeps the Dutch one. Folded into the
 * media object here, so every view reads `media.alternativeText` and nothing more. Read in
 * another language (`locale`), a file's own text is marked as Dutch (`alternativeTextLocale`),
 * so the image says which language its text is in (lang="nl" on an English page).
 */
export function withRecordAltTexts(record: Record<string, unknown>, locale?: string): Record<string, unknown> {
  let out = record;
  for (const [field, value] of Object.entries(record)) {
    if (!isMedia(value)) continue;
    const own = record[`${field}Alt`];
    if (typeof own === 'string' && own.trim() !== '') {
      if (out === record) out = { ...record };
      out[field] = { ...value, alternativeText: own };
    } else if (locale !== undefined && locale !== FILE_TEXT_LOCALE && typeof value.alternativeText === 'string' && value.alternativeText.trim() !== '') {
      if (out === record) out = { ...record };
      out[field] = { ...value, alternativeTextLocale: FILE_TEXT_LOCALE };
    }
  }
  return out;
}

/** The language of a file's own text in the media library: the content's first language. */
const FILE_TEXT_LOCALE = FIRST_LOCALE;

const isMedia = (value: unknown): value is Record<string, unknown> => isObject(value) && typeof value.url === 'string';
