import { z } from 'zod';

/**
 * Strapi leaves an empty field as `null` and leaves out what was not populated, so every field
 * an editor may leave empty accepts both.
 */
export const optional = <T extends z.ZodType>(schema: T) => schema.nullish();

/** Strapi v5 document ids: 24 lowercase letters and digits, shared by all locales of a document. */
export const documentIdSchema = z.string().regex(/^[a-z0-9]{24}$/, 'documentId: 24 lowercase alphanumerics');

const slugPart = '[a-z0-9]+(?:-[a-z0-9]+)*';
/** One path segment: lowercase words joined by single hyphens. */
export const slugSchema = z.string().regex(new RegExp(`^${slugPart}$`), 'slug: lowercase words joined by hyphens');
/** Page slugs may nest (`over-ons/ons-team`), the catch-all route renders them at any depth. */
export const pageSlugSchema = z
  .string()
  .regex(new RegExp(`^${slugPart}(?:/${slugPart})*$`), 'slug: segments of lowercase words joined by /');

/** Rich text is markdown everywhere, so the renderer has one format to handle. */
export const markdownSchema = z.string();

export const requiredText = z.string().trim().min(1);

/**
 * Where a link may point: a site path, an anchor on the page, a web address, mail or phone.
 * Anything else (`javascript:`, a bare word) is an editing mistake.
 */
export const linkSchema = z
  .string()
  .regex(/^(?:\/(?!\/)|#|https?:\/\/|mailto:|tel:)/, 'link: a path, #anchor, http(s), mailto: or tel: address');

export const webUrlSchema = z.string().regex(/^https?:\/\/[^\s]+$/, 'url: http(s) address');

/** Strapi answers datetimes in UTC with milliseconds; other databases may add an offset. */
export const dateTimeSchema = z.iso.datetime({ offset: true });
export const dateSchema = z.iso.date();

/** Strict slug form of a name, as districts derive theirs: `Rijk van Nijmegen` -> `rijk-van-nijmegen`. */
export function toSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Fields every Strapi document carries. `documentId` is optional because Strapi v3 and v4
 * records have none; the embedded snapshot always has one (its test checks).
 */
export const recordFields = {
  id: z.number().int().nonnegative(),
  documentId: documentIdSchema.optional(),
  locale: optional(z.string()),
  createdAt: optional(dateTimeSchema),
  updatedAt: optional(dateTimeSchema),
  publishedAt: optional(dateTimeSchema),
};

/** A relation as Strapi inlines it when populated: the target's own fields, flat. */
export const relationFields = {
  id: z.number().int().nonnegative().optional(),
  documentId: documentIdSchema.optional(),
};

/**
 * A list an editor fills in row by row (a repeatable component, `[{ id, name: 'Tiel' }]`). A
 * plain list of values is read too: Strapi held these lists as JSON fields before, and a content
 * service not yet migrated still answers so. Records keep the rows as Strapi gave them (the
 * snapshot is written from what the model read); valuesOf gives the values.
 */
export function rowsOf<K extends string, T extends z.ZodType>(field: K, value: T) {
  return z.array(z.union([value, z.looseObject({ [field]: value } as Record<K, T>)]));
}

/** The values of a rowsOf list, in order: `[{ name: 'Tiel' }, 'Online']` gives `['Tiel', 'Online']`. */
export function valuesOf<V>(list: ReadonlyArray<V | Record<string, unknown>> | null | undefined, field: string): V[] {
  return (list ?? []).map((item) => (item !== null && typeof item === 'object' ? ((item as Record<string, unknown>)[field] as V) : item));
}
