// The language switcher of the footer: shown only when the content service has more than
// one locale; uppercase codes; the current one fully opaque, the others faded.
import type { Locale as LocaleRecord } from '../../content/model';
import { LOCALES, type Locale } from '../../i18n/locale';
import { t } from '../../i18n/intl';
import { PageLanguageLink } from './nav-link.client';

/** Each language in its own words, as a visitor who reads only that one looks for it. */
const LANGUAGE_NAMES: Record<Locale, string> = { nl: 'Nederlands', en: 'English' };

export function LanguageSwitcher({ locales, locale }: { locales: LocaleRecord[]; locale: Locale }) {
  if (locales.length <= 1) return null;
  // Only languages this site has pages for: a locale the content service adds later
  // shows up once the site serves it.
  const codes = LOCALES.filter((code) => locales.some((l) => l.code === code));
  if (codes.length <= 1) return null;
  return (
    <nav className="language-switcher" aria-label={t(locale, 'chrome.language')}>
      <ul>
        {codes.map((code) => (
          <li key={code}>
            <PageLanguageLink which={code === locale ? 'own' : 'other'} locale={code} className={code === locale ? 'language-link is-current' : 'language-link'}>
              <span className="language-code">{code.toUpperCase()}</span>
              <span className="visually-hidden"> {LANGUAGE_NAMES[code]}</span>
            </PageLanguageLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
