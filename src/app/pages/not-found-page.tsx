import { pathTo } from '../../routing/path-to';
import type { Locale } from '../../i18n/locale';
import { t } from '../../i18n/intl';

/** The 404 page for an unmatched path: 'Page not found: {fullPath}' (the query string
 * included) and a way back home, in the visitor's language (English under /en). */
export function NotFoundPage({ path, locale }: { path: string; locale: Locale }) {
  return (
    <section className="not-found">
      <h1>{t(locale, 'error.heading')}</h1>
      <p className="not-found-path">{t(locale, 'notFound.path', { fullPath: path })}</p>
      <p>
        <a className="button button-primary" href={pathTo('home', locale)}>
          {t(locale, 'error.home')}
        </a>
      </p>
    </section>
  );
}
