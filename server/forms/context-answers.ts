// What looking up a form's hidden context comes to (form-context.ts): the fields and schema
// options it fixes, or a refusal. Apart so the lookups (event-sign-up.ts) and the dispatcher
// share them without importing each other.
import type { SchemaOptions } from '../../src/forms/definitions/types';

/** `unverified`: the content service could not be asked, so the context was taken on trust (a
 * group with the foundation's own age limits, an event by its slug): a sign-up is never
 * refused because Strapi is down. */
export type ResolvedContext = { fields: Record<string, string>; options: SchemaOptions; unverified?: boolean };

/** A context the post may not have: an event that is over, or none at all. Nothing is stored. */
export type ContextRefused = { refused: 'eventPast' | 'eventUnknown' };
