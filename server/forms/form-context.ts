// What a form's hidden context fixes, looked up on the server, never taken from the visitor:
// a sign-up's group (`group:{slug}`) and its age range from content, or a variant
// (`{form}:{variant}`, one the definition lists). The fields it returns are validated, stored
// and kept when the page is shown again; the options go to the schema.
import type { SiteContent } from '../../src/content/site-content';
import { ONLINE_MAX_AGE, ONLINE_MIN_AGE, PARTICIPANT_MAX_AGE, PARTICIPANT_MIN_AGE } from '../../src/forms/age-limits';
import { ONLINE_GROUP } from '../../src/forms/schemas/sign-up';
import type { FormDefinition, SchemaOptions } from '../../src/forms/definitions/types';
import type { Locale } from '../../src/i18n/locale';
import { findGroup, groupFromContext } from '../../src/find-group/groups';

/** `unverified`: the content service could not be asked, so the group was taken on trust with
 * the foundation's own age limits (a sign-up is never refused because Strapi is down). */
export type ResolvedContext = { fields: Record<string, string>; options: SchemaOptions; unverified?: boolean };

export async function resolveContext(def: FormDefinition, fields: Record<string, string>, locale: Locale, content?: SiteContent): Promise<ResolvedContext | null> {
  const context = def.context;
  if (!context) return null;
  if (context.kind === 'variant') {
    const asked = new RegExp(`^${def.name}:([a-z-]{1,40})$`).exec(fields.context ?? '')?.[1] ?? fields.variant ?? '';
    const variant = context.variants.includes(asked) ? asked : '';
    return { fields: { variant }, options: { variant } };
  }
  const slug = groupFromContext(fields.context) || groupFromContext(`group:${fields.location ?? ''}`);
  let group: Awaited<ReturnType<typeof findGroup>> = null;
  if (slug && content) {
    try {
      group = await findGroup(content, slug, locale);
    } catch {
      // "Content service down" is not "no such group": keep the visitor's choice, check the
      // age against the limits every group of its kind stays within, and let staff confirm.
      const online = slug === ONLINE_GROUP;
      const minAge = online ? ONLINE_MIN_AGE : PARTICIPANT_MIN_AGE;
      const maxAge = online ? ONLINE_MAX_AGE : PARTICIPANT_MAX_AGE;
      return { fields: { location: slug }, options: { location: slug, minAge, maxAge }, unverified: true };
    }
  }
  // No such group: no age fits.
  if (!group) return { fields: { location: '' }, options: { location: '', minAge: 1, maxAge: 0 } };
  return { fields: { location: slug }, options: { location: slug, minAge: group.minAge, maxAge: group.maxAge } };
}
