// Message lookup for forms, usable on the server and in the browser without setting up an
// Intl instance. The catalogues use only plain ICU placeholders, so this tiny interpolation
// gives the same text @formatjs/intl would (a unit test holds us to that).
import { en } from './en';
import { nl, type MessageKey } from './nl';
import type { Locale } from '../../i18n/locale';

export type { MessageKey } from './nl';
export type MessageValues = Readonly<Record<string, string | number>>;

export const formMessages: Readonly<Record<Locale, Readonly<Record<MessageKey, string>>>> = {
  nl,
  en,
};

export function formatMessage(
  locale: Locale,
  key: MessageKey,
  values: MessageValues = {},
): string {
  const template = formMessages[locale][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

/** A message function bound to one locale: what schema factories pass around. */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

export function translator(locale: Locale): Translate {
  return (key, values) => formatMessage(locale, key, values);
}
