import { pathTo } from '../../routing/path-to';
import type { ReactNode } from 'react';
import type { Chrome } from '../../content/site-content';
import type { Locale } from '../../i18n/locale';
import { t } from '../../i18n/intl';
import { ColorModeSync } from '../chrome/color-mode-sync.client';
import { Consent } from '../chrome/consent-region';
import { Logo } from '../chrome/logo';

type Props = { locale: Locale; chrome: Chrome; tagManagerId?: string; banner?: ReactNode; children: ReactNode };

/** The `doe-de-test` layout: calm and focused, no site menu. Consent is asked here too,
 * because a visitor may arrive on the test first. */
export function TestLayout({ locale, tagManagerId = '', banner, children }: Props) {
  return (
    <>
      {/* The editor preview's notice, when there is one, else the cookie banner: first on the page,
          the first thing Tab reaches, and in the flow, so it covers nothing. A preview shows the
          page as a visitor who has answered the cookie question sees it. */}
      {banner ?? <Consent locale={locale} tagManagerId={tagManagerId} />}
      <a className="skip-link" href="#main">
        {t(locale, 'a11y.skipToContent')}
      </a>
      <ColorModeSync />
      <header className="test-header">
        <Logo href={pathTo('home', locale)} label={t(locale, 'a11y.homeLink')} />
        <a className="test-header-stop" href={pathTo('doe-de-test', locale)}>
          {t(locale, 'chrome.testStop')}
        </a>
      </header>
      <main id="main" className="test-main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
