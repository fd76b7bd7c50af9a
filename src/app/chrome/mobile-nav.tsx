// What the mobile menu panel holds: the primary menu (children listed under their parent),
// the promoted links, and the secondary menu on the green gradient bar.
import type { ReactNode } from 'react';
import type { NavigationItem } from '../../content/model';
import type { Locale } from '../../i18n/locale';
import { t } from '../../i18n/intl';
import { MenuLink } from './menu-link';
import { SecondaryMenu } from './secondary-menu';

type Props = { primary: NavigationItem[]; secondary: NavigationItem[]; locale: Locale; actions: ReactNode };

export function MobileNav({ primary, secondary, locale, actions }: Props) {
  return (
    <div className="mobile-nav">
      {primary.length > 0 ? (
        <nav aria-label={t(locale, 'chrome.mainMenu')}>
          <ul className="mobile-nav-list">
            {primary.map((item) => (
              <li key={item.id} className="mobile-nav-item">
                <MenuLink item={item} locale={locale} className="mobile-nav-link" />
                {(item.items ?? []).length > 0 ? (
                  <ul className="mobile-subnav-list">
                    {(item.items ?? []).map((child) => (
                      <li key={child.id}>
                        <MenuLink item={child} locale={locale} className="mobile-subnav-link" />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className="mobile-nav-actions">{actions}</div>
      <SecondaryMenu items={secondary} locale={locale} className="gradient-bar mobile-secondary" />
    </div>
  );
}
