// The groups a visitor can join: an in-real-life location by slug, or the online group
// (`online`, the constant of the sign-up schema). Looked up from content, never from the form.
import type { Location } from '../../../content/model';
import type { SiteContent } from '../../../content/site-content';
import type { Locale } from '../../../i18n/locale';
import { ONLINE_GROUP } from '../forms/sign-up';

const GROUP_SLUG = /^[a-z0-9-]{1,120}$/;

/** A group's slug as a link or a kept form value names it, or '' when it cannot be one. */
export function groupSlug(value: unknown): string {
  return typeof value === 'string' && GROUP_SLUG.test(value) ? value : '';
}

export async function findGroup(content: SiteContent, slug: string, locale: Locale): Promise<Location | null> {
  if (!slug) return null;
  if (slug === ONLINE_GROUP) return onlineGroup(content, locale);
  return content.entry('locations', slug, locale);
}

/** The online group, when the content has one. */
export async function onlineGroup(content: SiteContent, locale: Locale): Promise<Location | null> {
  const all = await content.all('locations', { locale, sort: ['name:asc'] });
  return all.items.find((l) => l.mode === 'online') ?? null;
}

/** What a sign-up's hidden context names: `group:{slug}`. */
export function groupFromContext(context: unknown): string {
  return typeof context === 'string' && context.startsWith('group:') ? groupSlug(context.slice('group:'.length)) : '';
}
