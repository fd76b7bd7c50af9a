// The form messages of the catalogue (src/i18n/messages/forms-*), filled in the same way on the
// server and in the browser, where the form rules also run. Only this area of the catalogue
// reaches the browser's form code.
import { formsEn } from '../../i18n/messages/forms-en';
import { formsNl, type FormMessageKey } from '../../i18n/messages/forms-nl';
import type { Locale } from '../../i18n/locale';
import { formatPlain, type PlainValues } from '../../i18n/plain';

export type MessageKey = FormMessageKey;

export const formMessages: Readonly<Record<Locale, Readonly<Record<FormMessageKey, string>>>> = { nl: formsNl, en: formsEn };

export function formatMessage(locale: Locale, key: FormMessageKey, values?: PlainValues): string {
  return formatPlain(formMessages[locale][key], values);
}

/** A message function bound to one locale: what schema factories pass around. */
export type Translate = (key: FormMessageKey, values?: PlainValues) => string;

export function translator(locale: Locale): Translate {
  return (key, values) => formatMessage(locale, key, values);
}
