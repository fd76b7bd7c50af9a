// The site header. Wide screens: a slim gradient bar with the event, the
// secondary menu, the dashboard and the flag, then the logo, the primary menu tree and the
// test button. Phones: the logo, the test button and the menu toggle with its panel, which holds
// the same menu tree (one tree for both: menu-panel.tsx).
import { pathTo } from '../../routing/path-to';
import type { Chrome } from '../../content/site-content';
import type { Locale } from '../../i18n/locale';
import { t } from '../../i18n/intl';
import { Icon } from '../../icons/icon';
import { DashboardLink } from '../../features/accounts';
import { EventButton, FlagLink, TestButton } from './header-actions';
import { nextPromotedEvent } from '../../content/events';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu.client';
import { MenuPanel } from './menu-panel';
import { SecondaryMenu } from './secondary-menu';

/** The flags follow the page (layout-frame.client.tsx): the header is kept for every page. */
type Props = { chrome: Chrome; locale: Locale };

export function SiteHeader({ chrome, locale }: Props) {
  const { primary, secondary } = chrome.menus;
  const dashboardUrl = chrome.global?.dashboardUrl;
  // Now, at render time: a page kept in the render cache is rendered again within a day.
  const event = nextPromotedEvent(chrome.promotedEvents, locale);
  return (
    <header className="site-header">
      <div className="gradient-bar top-bar">
        <div className="top-bar-inner">
          <EventButton locale={locale} event={event} />
          <div className="top-bar-end">
            <SecondaryMenu items={secondary} locale={locale} />
            <DashboardLink locale={locale} url={dashboardUrl} />
            <FlagLink locale={locale} />
          </div>
        </div>
      </div>
      <div className="main-bar">
        <Logo href={pathTo('home', locale)} label={t(locale, 'a11y.homeLink')} />
        <MobileMenu
          panelId="mobile-menu-panel"
          menuLabel={t(locale, 'chrome.mobileMenu')}
          openLabel={t(locale, 'chrome.menuOpen')}
          closeLabel={t(locale, 'chrome.menuClose')}
          openIcon={<Icon name="menu" size={24} />}
          closeIcon={<Icon name="x" size={24} />}
        >
          <MenuPanel
            primary={primary}
            secondary={secondary}
            locale={locale}
            actions={
              <>
                <EventButton locale={locale} event={event} className="event-button-block" />
                <DashboardLink locale={locale} url={dashboardUrl} withText />
                <FlagLink locale={locale} withText />
              </>
            }
          />
        </MobileMenu>
        <TestButton locale={locale} className="main-bar-test" />
      </div>
    </header>
  );
}
