// The primary menu, one tree for every screen. Wide screens: a row in the header, where a parent
// opens its dropdown on hover and while anything inside it has keyboard focus (CSS :hover /
// :focus-within). Narrow screens: in the menu panel (mobile-menu.client.tsx), every item with
// the items below it listed under it. Both work before and without JavaScript.
import type { NavigationItem } from '../../content/model';
import type { Locale } from '../../i18n/locale';
import { t } from '../../i18n/intl';
import { Icon } from '../../icons/icon';
import { DropdownEscape } from './dropdown-escape.client';
import { MenuLink, pathsBelow } from './menu-link';
import { NavItem } from './nav-link.client';

type Props = { items: NavigationItem[]; locale: Locale };

export function SiteNav({ items, locale }: Props) {
  if (items.length === 0) return null;
  return (
    <nav className="site-nav" id="site-nav" aria-label={t(locale, 'chrome.mainMenu')}>
      <DropdownEscape navId="site-nav" />
      <ul className="site-nav-list">
        {items.map((item) => {
          const children = item.items ?? [];
          if (children.length === 0) {
            return (
              <li key={item.id} className="site-nav-item">
                <MenuLink item={item} locale={locale} className="site-nav-link" />
              </li>
            );
          }
          return (
            <NavItem key={item.id} className="site-nav-item has-dropdown" trailClass="is-trail" below={pathsBelow(item)}>
              <MenuLink item={item} locale={locale} className="site-nav-link" />
              <Icon name="chevron-down" size={16} className="site-nav-chevron" />
              <ul className="site-nav-dropdown" aria-label={t(locale, 'chrome.submenuOf', { title: item.title })}>
                {children.map((child) => (
                  <li key={child.id}>
                    <MenuLink item={child} locale={locale} className="site-nav-dropdown-link" />
                  </li>
                ))}
              </ul>
            </NavItem>
          );
        })}
      </ul>
    </nav>
  );
}
