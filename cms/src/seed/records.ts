import type { Core, UID } from '@strapi/strapi';
import { mediaKey } from './media';
import { isMedia, type Json } from './snapshot';

type Attribute = {
  type: string;
  component?: string;
  components?: string[];
  repeatable?: boolean;
  multiple?: boolean;
  relation?: string;
};
type Attributes = Record<string, Attribute>;

/**
 * Turns a record as the REST API answers it (populated, with ids) into Document Service input,
 * led by the schema: media become file row ids, relations the target's documentId, components
 * and dynamic-zone entries lose their row ids. Fields the schema does not know are left out
 * (id, documentId, timestamps, locale).
 */
export class RecordInput {
  constructor(
    private readonly strapi: Core.Strapi,
    private readonly mediaIds: Map<string, number>,
  ) {}

  forContentType(uid: string, record: Json): Json {
    return this.fields(this.strapi.getModel(uid as UID.Schema).attributes as unknown as Attributes, record);
  }

  private fields(attributes: Attributes, record: Json): Json {
    const out: Json = {};
    for (const [name, attribute] of Object.entries(attributes)) {
      if (!(name in record)) continue;
      const value = this.value(attribute, record[name]);
      if (value !== undefined) out[name] = value;
    }
    return out;
  }

  private component(uid: string, value: unknown): Json {
    const model = this.strapi.components[uid as UID.Component];
    if (!model) throw new Error(`seed: unknown component ${uid}`);
    return this.fields(model.attributes as unknown as Attributes, value as Json);
  }

  private value(attribute: Attribute, value: unknown): unknown {
    switch (attribute.type) {
      case 'media':
        if (value == null) return null;
        return Array.isArray(value) ? value.map((m) => this.media(m)) : this.media(value);
      case 'relation':
        // The Document Service looks targets up by documentId in the record's own locale.
        if (value == null) return undefined;
        if (Array.isArray(value)) return value.length ? { set: value.map((v) => ({ documentId: (v as Json).documentId })) } : undefined;
        return { connect: [{ documentId: (value as Json).documentId }] };
      case 'component':
        if (value == null) return null;
        return attribute.repeatable
          ? (value as unknown[]).map((c) => this.component(attribute.component!, c))
          : this.component(attribute.component!, value);
      case 'dynamiczone':
        return ((value as Json[] | null) ?? []).map((entry) => ({
          __component: entry.__component,
          ...this.component(String(entry.__component), entry),
        }));
      default:
        return value;
    }
  }

  private media(value: unknown): number {
    const media = value as Json;
    const id = isMedia(media) ? this.mediaIds.get(mediaKey(media)) : undefined;
    if (id === undefined) throw new Error(`seed: no file row for ${String(media?.url)}`);
    return id;
  }
}

/** The snapshot's documentId and dates for one locale of a document, on all its rows. */
export async function keepIdentity(strapi: Core.Strapi, uid: string, from: string, record: Json, locale: string): Promise<void> {
  const query = strapi.db.query(uid as UID.Schema);
  const documentId = String(record.documentId);
  if (from !== documentId) await query.updateMany({ where: { documentId: from }, data: { documentId } });
  const dates = { createdAt: record.createdAt, updatedAt: record.updatedAt };
  await query.updateMany({ where: { documentId, locale, publishedAt: { $notNull: true } }, data: { ...dates, publishedAt: record.publishedAt } });
  await query.updateMany({ where: { documentId, locale, publishedAt: { $null: true } }, data: dates });
}

/**
 * One document per snapshot record, published, nl first; the en record becomes the en locale of
 * the document with the same documentId.
 */
export async function importDocuments(
  strapi: Core.Strapi,
  input: RecordInput,
  uid: string,
  byLocale: Array<{ locale: string; records: Json[] }>,
): Promise<number> {
  const documents = strapi.documents(uid as UID.ContentType);
  const known = new Set<string>();
  let count = 0;
  for (const { locale, records } of byLocale) {
    for (const record of records) {
      const documentId = String(record.documentId);
      const data = input.forContentType(uid, record) as never;
      if (known.has(documentId)) {
        await documents.update({ documentId, locale, data, status: 'published' } as never);
        await keepIdentity(strapi, uid, documentId, record, locale);
      } else {
        const created = await documents.create({ locale, data, status: 'published' } as never);
        await keepIdentity(strapi, uid, (created as { documentId: string }).documentId, record, locale);
        known.add(documentId);
      }
      count++;
    }
  }
  return count;
}
