// What a form's hidden context fixes, looked up on the server, never taken from the visitor:
// a sign-up's group (`group:{slug}`) and its age range, through the group resolver the find-a-
// group feature supplies, or a variant (`{form}:{variant}`, one the definition lists). The
// fields it returns are validated, stored and kept when the page is shown again; the options go
// to the schema.
import type { FormDefinition, SchemaOptions } from '../../src/forms/definitions/types';
import type { Locale } from '../../src/i18n/locale';

/** `unverified`: the content service could not be asked, so the group was taken on trust with
 * the foundation's own age limits (a sign-up is never refused because Strapi is down). */
export type ResolvedContext = { fields: Record<string, string>; options: SchemaOptions; unverified?: boolean };

/** A sign-up's group from the post's fields (`context`, else `location`). */
export type GroupResolver = (fields: Record<string, string>, locale: Locale) => Promise<ResolvedContext>;

/** No group can be looked up: no age fits. */
export const NO_GROUP: ResolvedContext = { fields: { location: '' }, options: { location: '', minAge: 1, maxAge: 0 } };

export async function resolveContext(def: FormDefinition, fields: Record<string, string>, locale: Locale, groups?: GroupResolver): Promise<ResolvedContext | null> {
  const context = def.context;
  if (!context) return null;
  if (context.kind === 'variant') {
    const asked = new RegExp(`^${def.name}:([a-z-]{1,40})$`).exec(fields.context ?? '')?.[1] ?? fields.variant ?? '';
    const variant = context.variants.includes(asked) ? asked : '';
    return { fields: { variant }, options: { variant } };
  }
  return groups ? groups(fields, locale) : NO_GROUP;
}
