// The contact form: a message to the foundation, on the contact page. On an event's page (the
// hidden context `event:{slug}`) it is the sign-up for that event: the message is then a remark
// the visitor may leave out, and the mails name the event.
import { z } from 'zod';
import { translator } from '../messages/index';
import type { Locale } from '../../i18n/locale';
import { EVENT_CONTEXT_KIND } from '../event-context';
import {
  LONG_TEXT_MAX,
  mustAccept,
  optionalPhone,
  optionalText,
  requiredEmail,
  requiredText,
} from '../fields/fields';
import { email, message, name, organisation, phone, privacy } from './shared-fields';
import type { FormDefinition, SchemaOptions, Texts } from './types';

export function contactSchema(locale: Locale, options: SchemaOptions = {}) {
  const t = translator(locale);
  const signUp = Boolean(options.event);
  return z.preprocess(
    // The event is the one the server looked up from the hidden context (or the page gave the
    // browser), never one the post names itself.
    (input) => {
      const { event: _posted, ...answers } = (input ?? {}) as Record<string, unknown>;
      return signUp ? { ...answers, event: options.event } : answers;
    },
    z.object({
      event: optionalText(t),
      name: requiredText(t, 'name.missing'),
      organisation: optionalText(t),
      email: requiredEmail(t),
      phone: optionalPhone(t),
      message: signUp ? optionalText(t, LONG_TEXT_MAX) : requiredText(t, 'message.missing', LONG_TEXT_MAX),
      privacy: mustAccept(t, 'privacy.notAccepted'),
    }),
  );
}

export type ContactForm = z.output<ReturnType<typeof contactSchema>>;

/** The event a submission signs up for, by name; undefined for a message. */
const eventOf = (data: Readonly<Record<string, unknown>>): string | undefined => (typeof data.event === 'string' && data.event !== '' ? data.event : undefined);

/** The words for a message, or for a sign-up with the event's name in them. */
const messageOrSignUp = (forMessage: Texts, forSignUp: (event: string) => Texts) => (data: Readonly<Record<string, unknown>>) => {
  const event = eventOf(data);
  return event ? forSignUp(event) : forMessage;
};

export const contact: FormDefinition = {
  name: 'contact',
  schema: contactSchema,
  fields: [
    // Fixed by the event's page (its hidden context), first in the notification.
    { name: 'event', type: 'text', label: { nl: 'Event', en: 'Event' }, hidden: true },
    name,
    organisation,
    email,
    { ...phone, optional: true },
    { ...message, inContext: { [EVENT_CONTEXT_KIND]: { optional: true, label: { nl: 'Opmerking', en: 'Remarks' } } } },
    privacy,
  ],
  collection: 'contact-submissions',
  context: { kind: 'event' },
  captcha: 'on-submit',
  rateLimit: 'form-posts',
  mail: {
    label: messageOrSignUp({ nl: 'Contactformulier', en: 'Contact form' }, (event) => ({ nl: `Aanmelding ${event}`, en: `Sign-up ${event}` })),
    what: messageOrSignUp({ nl: 'een nieuw bericht via het contactformulier', en: 'a new message through the contact form' }, (event) => ({
      nl: `een nieuwe aanmelding voor het event ${event}`,
      en: `a new sign-up for the event ${event}`,
    })),
    confirmation: {
      subject: messageOrSignUp({ nl: 'We hebben je bericht ontvangen', en: 'We have received your message' }, (event) => ({
        nl: `Je bent aangemeld voor ${event}`,
        en: `You are signed up for ${event}`,
      })),
      thanks: messageOrSignUp({ nl: 'Bedankt voor je bericht! Het is goed bij ons aangekomen.', en: 'Thank you for your message! It has reached us safely.' }, (event) => ({
        nl: `Bedankt voor je aanmelding voor ${event}! Die is goed bij ons aangekomen.`,
        en: `Thank you for signing up for ${event}! Your sign-up has reached us safely.`,
      })),
      next: messageOrSignUp(
        { nl: 'We lezen je bericht en nemen zo snel mogelijk contact met je op.', en: 'We will read your message and get back to you as soon as we can.' },
        () => ({
          nl: 'Voor het event sturen we je het programma en alles wat je moet weten. Kun je toch niet komen? Beantwoord dan deze e-mail, dan geven we je plek aan iemand anders.',
          en: 'Before the event we will send you the programme and everything you need to know. Can you no longer come? Just reply to this email and we will give your place to someone else.',
        }),
      ),
    },
  },
};
