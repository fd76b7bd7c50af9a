// The primary menu on wide screens, as a tree: a parent opens its dropdown on hover and
// while anything inside it has keyboard focus (CSS :hover / :focus-within), so it works
// before and without JavaScript.
import type { NavigationItem } from '../../content/model';
import type { Locale } from '../../i18n/locale';
import { t } from '../../i18n/intl';
import { Icon } from '../../icons/icon';
import { DropdownEscape } from './dropdown-escape.client';
import { MenuLink, pathsBelow } from './menu-link';
import { NavItem } from './nav-link.client';

type Props = { items: NavigationItem[]; locale: Locale };

export function DesktopNav({ items, locale }: Props) {
  if (items.length === 0) return null;
  return (
    <nav className="desktop-nav" id="desktop-nav" aria-label={t(locale, 'chrome.mainMenu')}>
      <DropdownEscape navId="desktop-nav" />
      <ul className="desktop-nav-list">
        {items.map((item) => {
          const children = item.items ?? [];
          if (children.length === 0) {
            return (
              <li key={item.id} className="desktop-nav-item">
                <MenuLink item={item} locale={locale} className="desktop-nav-link" />
              </li>
            );
          }
          return (
            <NavItem key={item.id} className="desktop-nav-item has-dropdown" trailClass="is-trail" below={pathsBelow(item)}>
              <MenuLink item={item} locale={locale} className="desktop-nav-link" />
              <Icon name="chevron-down" size={16} className="desktop-nav-chevron" />
              <ul className="desktop-dropdown" aria-label={t(locale, 'chrome.submenuOf', { title: item.title })}>
                {children.map((child) => (
                  <li key={child.id}>
                    <MenuLink item={child} locale={locale} className="desktop-dropdown-link" />
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
