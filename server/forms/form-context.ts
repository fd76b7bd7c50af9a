// What a form's hidden context fixes, looked up on the server, never taken from the visitor:
// a sign-up's group (`group:{slug}`) and its age range, through the group resolver the find-a-
// group feature supplies; a variant (`{form}:{variant}`, one the definition lists); or the
// event a form on an event's page signs up for (`event:{slug}`, event-sign-up.ts). The fields
// it returns are validated, stored and kept when the page is shown again; the options go to
// the schema. An event's context is only ever a form's that signs up for events: any other
// form drops it rather than store a sign-up nobody checked.
import type { FormDefinition } from '../../src/forms/definitions/types';
import type { SiteContent } from '../../src/content/site-content';
import { isEventContext } from '../../src/forms/event-context';
import type { Locale } from '../../src/i18n/locale';
import type { ContextRefused, ResolvedContext } from './context-answers';
import { eventSignUp } from './event-sign-up';

export type { ContextRefused, ResolvedContext } from './context-answers';

/** A sign-up's group from the post's fields (`context`, else `location`). */
export type GroupResolver = (fields: Record<string, string>, locale: Locale) => Promise<ResolvedContext>;

/** Where contexts are looked up: the sign-up's groups (a feature's), the content (events). */
export type ContextLookups = { groups?: GroupResolver; content?: SiteContent };

/** No group can be looked up: no age fits. */
export const NO_GROUP: ResolvedContext = { fields: { location: '' }, options: { location: '', minAge: 1, maxAge: 0 } };

export async function resolveContext(def: FormDefinition, fields: Record<string, string>, locale: Locale, lookups: ContextLookups = {}): Promise<ResolvedContext | ContextRefused | null> {
  const context = def.context;
  if (context?.kind !== 'event' && isEventContext(fields.context)) delete fields.context;
  if (!context) return null;
  if (context.kind === 'variant') {
    const asked = new RegExp(`^${def.name}:([a-z-]{1,40})$`).exec(fields.context ?? '')?.[1] ?? fields.variant ?? '';
    const variant = context.variants.includes(asked) ? asked : '';
    return { fields: { variant }, options: { variant } };
  }
  if (context.kind === 'event') {
    // Without an event's context the form is its usual self (the contact form on its page).
    return isEventContext(fields.context) ? eventSignUp(lookups.content, fields.context, locale) : null;
  }
  return lookups.groups ? lookups.groups(fields, locale) : NO_GROUP;
}
