// A form on an event's page is a sign-up for that event: the page gives it the hidden context
// `event:{slug}`, the server looks the event up from it, the submission is stored with it.
export const EVENT_CONTEXT_KIND = 'event';

const EVENT_CONTEXT = /^event:([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** The hidden context of a sign-up for the event with this slug. */
export function eventContext(slug: string): string {
  return `${EVENT_CONTEXT_KIND}:${slug}`;
}

/** The slug of the event a hidden context names; '' when it names none. */
export function eventFromContext(context: unknown): string {
  if (typeof context !== 'string' || context.length > 126) return '';
  return EVENT_CONTEXT.exec(context)?.[1] ?? '';
}

/** Whether a hidden context claims to be an event's, well-formed or not. */
export function isEventContext(context: unknown): boolean {
  return typeof context === 'string' && context.startsWith(`${EVENT_CONTEXT_KIND}:`);
}
