// Texts from the catalogue with @formatjs/intl, on the server. One Intl instance per locale,
// and one compiled formatter per message, made on first use and kept: formatting a text is
// then one call, not a parse.
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { Locale } from './locale';
import { catalogues, type MessageKey } from './messages';

export type MessageValues = Readonly<Record<string, string | number>>;

type Formatter = { format(values?: Record<string, string | number>): unknown };

const cache = createIntlCache();
const intls = new Map<Locale, IntlShape<string>>();
const formatters: Record<Locale, Map<MessageKey, Formatter | string>> = { nl: new Map(), en: new Map() };

export function getIntl(locale: Locale): IntlShape<string> {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl({ locale, defaultLocale: 'nl', messages: catalogues[locale], timeZone: 'UTC', onError: () => {} }, cache);
    intls.set(locale, intl);
  }
  return intl;
}

function formatterFor(locale: Locale, key: MessageKey): Formatter | string {
  let formatter = formatters[locale].get(key);
  if (formatter === undefined) {
    const message = catalogues[locale][key];
    const intl = getIntl(locale);
    // A text without placeholders or plural rules needs no formatter at all.
    formatter = /[{}']/.test(message) ? intl.formatters.getMessageFormat(message, locale, intl.formats, { formatters: intl.formatters }) : message;
    formatters[locale].set(key, formatter);
  }
  return formatter;
}

/** A text by key, with its ICU placeholders filled in. */
export function t(locale: Locale, key: MessageKey, values?: MessageValues): string {
  const formatter = formatterFor(locale, key);
  return typeof formatter === 'string' ? formatter : String(formatter.format(values as Record<string, string | number>));
}

/** A text with one placeholder left open: the text before it and after it, for a value the view
 * marks up itself (a title in another language, in an element with its own lang). */
export function tAround(locale: Locale, key: MessageKey, name: string, values?: MessageValues): [before: string, after: string] {
  const mark = '\u{E000}';
  const text = t(locale, key, { ...values, [name]: mark });
  const at = text.indexOf(mark);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + mark.length)];
}

/** A list of names as a sentence says it: "Tiel en Culemborg", "Tiel and Culemborg". */
export function formatList(locale: Locale, items: readonly string[]): string {
  return getIntl(locale).formatList(items, { type: 'conjunction' });
}

/** Dates in medium style, in UTC. */
export function formatDate(locale: Locale, iso: string): string {
  return getIntl(locale).formatDate(iso, { dateStyle: 'medium', timeZone: 'UTC' });
}
