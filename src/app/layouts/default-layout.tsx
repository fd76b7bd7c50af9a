import type { ReactNode } from 'react';
import { localePath, type Locale } from '../../i18n/locale';
import { carriedSearch, followPromotedEvent } from '../../routing/nav-paths';
import type { Chrome } from '../../content/site-content';
import { t } from '../../i18n/intl';
import { ColorModeSync } from '../chrome/color-mode-sync.client';
import { Consent } from '../chrome/consent-region';
import { SiteFooter } from '../chrome/site-footer';
import { SiteHeader } from '../chrome/site-header';
import { SupportButton } from '../chrome/support-button';

type Props = {
  locale: Locale;
  chrome: Chrome;
  /** Path without the locale prefix, as the route table matched it. */
  pathname: string;
  /** The page's query (the parameters that shape it): the language switch carries it. */
  query?: Readonly<Record<string, unknown>>;
  /** Public tag-manager id; loaded only after analytics consent. Empty: never loaded. */
  tagManagerId?: string;
  /** A notice over the whole page, first on it (the editor-preview banner). */
  banner?: ReactNode;
  children: ReactNode;
};

/** Site chrome around every page but the test flow. */
export function DefaultLayout({ locale, chrome, pathname, query = {}, tagManagerId = '', banner, children }: Props) {
  const current = localePath(locale, pathname);
  const search = carriedSearch(query);
  // Now, at render time, as the header's event button: a page in the render cache is rendered
  // again within a day.
  const menus = Object.fromEntries(Object.entries(chrome.menus).map(([name, items]) => [name, followPromotedEvent(items, chrome.promotedEvents, locale)])) as Chrome['menus'];
  const site = { ...chrome, menus };
  return (
    <>
      {/* The editor preview's notice, when there is one, else the cookie banner: first on the page,
          the first thing Tab reaches, and in the flow, so it covers nothing. A preview shows the
          page as a visitor who has answered the cookie question sees it. */}
      {banner ?? <Consent locale={locale} tagManagerId={tagManagerId} />}
      <a className="skip-link" href="#main">
        {t(locale, 'a11y.skipToContent')}
      </a>
      <ColorModeSync pathname={current} />
      <SiteHeader chrome={site} locale={locale} current={current} search={search} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SupportButton locale={locale} />
      <SiteFooter chrome={site} locale={locale} current={current} search={search} />
    </>
  );
}
