import type { ReactNode } from 'react';
import type { Locale } from '../../i18n/locale';
import { followPromotedEvent } from '../../routing/nav-paths';
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
  /** Public tag-manager id; loaded only after analytics consent. Empty: never loaded. */
  tagManagerId?: string;
  /** A notice over the whole page, first on it (the editor-preview banner). */
  banner?: ReactNode;
  children: ReactNode;
};

/** Site chrome around every page but the test flow. The same for every page of a locale: what
 * follows the page is read in the frame (src/app/layout-frame.client.tsx), so the server keeps it
 * rendered (layout-tree.tsx). */
export function DefaultLayout({ locale, chrome, tagManagerId = '', banner, children }: Props) {
  const site = { ...chrome, menus: followedMenus(chrome, locale) };
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
      <SiteHeader chrome={site} locale={locale} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SupportButton locale={locale} />
      <SiteFooter chrome={site} locale={locale} />
    </>
  );
}

/** The menus as the layout shows them: each link to "the event" following the promoted one. Now,
 * at render time, as the header's event button (the kept layout's key has the event in it). */
export function followedMenus(chrome: Chrome, locale: Locale, now: number = Date.now()): Chrome['menus'] {
  return Object.fromEntries(Object.entries(chrome.menus).map(([name, items]) => [name, followPromotedEvent(items, chrome.promotedEvents, locale, now)])) as Chrome['menus'];
}
