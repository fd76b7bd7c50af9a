// UI texts with @formatjs/intl. Dutch is the site's language; English at /en. A key missing
// from a catalogue falls back to English, then to the key itself.
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { Locale } from './locale';
import { catalogues } from './messages';

const cache = createIntlCache();
const intls = new Map<Locale, IntlShape<string>>();

export function getIntl(locale: Locale): IntlShape<string> {
  let intl = intls.get(locale);
  if (!intl) {
    const messages = { ...catalogues.en, ...catalogues[locale] };
    intl = createIntl({ locale, defaultLocale: 'en', messages, timeZone: 'UTC', onError: () => {} }, cache);
    intls.set(locale, intl);
  }
  return intl;
}

/** A UI text by key, with ICU placeholders. */
export function t(locale: Locale, id: string, values?: Record<string, string | number>): string {
  return getIntl(locale).formatMessage({ id }, values) as string;
}

/** Dates are shown in medium style, in UTC. */
export function formatDate(locale: Locale, iso: string): string {
  return getIntl(locale).formatDate(iso, { dateStyle: 'medium', timeZone: 'UTC' });
}
