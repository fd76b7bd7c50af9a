import { isObject } from './errors';
import { withRecordAltTexts } from './image-alt';
import type { ContentVersion } from './settings';

/**
 * The one normalising layer. Whatever the content service's version, everything above this
 * file sees Strapi v5's shape: flat records (`id`, `documentId` where known, fields) with
 * relations, media and components inline.
 *
 * - v3: bare records (`[...]` or `{...}`), no envelope, no meta.
 * - v4: `{ data: [{ id, attributes: {...} }], meta }`, and every relation or media field is
 *   itself `{ data: { id, attributes } }`, `{ data: [...] }` or `{ data: null }`.
 * - v5: `{ data: [...], meta }` with flat records. v5 can also answer in the v4 shape (the
 *   `Strapi-Response-Format: v4` header), so attribute envelopes are stripped whatever the
 *   configured version.
 *
 * An image's alternative text given by the record beside it replaces the file's; the file's, read
 * in another language, is marked as Dutch (image-alt.ts).
 */
export type ContentRecord = { id: number | string; documentId?: string; [field: string]: unknown };

export type Normalised = { data: unknown; meta: Record<string, unknown> };

/** `locale`: the language the records were asked in (the query's `locale`), if one was. */
export function normaliseResponse(body: unknown, version: ContentVersion, locale?: string): Normalised {
  if (version === 'v3') return { data: normaliseValue(body, locale), meta: {} };
  if (isObject(body) && 'data' in body) {
    return { data: normaliseValue(body.data, locale), meta: isObject(body.meta) ? body.meta : {} };
  }
  // Plugin routes (navigation, i18n) answer bare values even on v4 and v5.
  return { data: normaliseValue(body, locale), meta: {} };
}

export function normaliseValue(value: unknown, locale?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => normaliseValue(item, locale));
  if (!isObject(value)) return value;
  if (isAttributesRecord(value)) {
    const { attributes, ...rest } = value;
    return normaliseFields({ ...rest, ...attributes }, locale);
  }
  return normaliseFields(value, locale);
}

function normaliseFields(record: Record<string, unknown>, locale: string | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(record)) {
    out[key] = isRelationEnvelope(field) ? normaliseValue(field.data, locale) : normaliseValue(field, locale);
  }
  return withRecordAltTexts(out, locale);
}

/** v4 record: `{ id, attributes: {...} }` (plus `documentId` when v5 answers in v4 format). */
function isAttributesRecord(
  value: Record<string, unknown>,
): value is Record<string, unknown> & { attributes: Record<string, unknown> } {
  return 'id' in value && isObject(value.attributes);
}

/**
 * v4 relation or media field. Only an object whose sole keys are `data` (and `meta`, which v4
 * adds to paginated relations) counts, so a JSON field that happens to hold `data` survives.
 */
function isRelationEnvelope(value: unknown): value is { data: unknown } {
  if (!isObject(value) || !('data' in value)) return false;
  if (!Object.keys(value).every((key) => key === 'data' || key === 'meta')) return false;
  const { data } = value;
  return data === null || Array.isArray(data) || (isObject(data) && 'id' in data);
}
