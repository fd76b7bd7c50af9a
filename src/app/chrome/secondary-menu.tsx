import type { NavigationItem } from '../../content/model';
import type { Locale } from '../../i18n/locale';
import { t } from '../../i18n/intl';
import { MenuLink } from './menu-link';

/** The secondary menu (test, donate, FAQ, contact): in the top bar on a desktop, below the
 * mobile menu on a phone. Nothing when the menu is empty. */
export function SecondaryMenu({ items, locale, className }: { items: NavigationItem[]; locale: Locale; className?: string }) {
  if (items.length === 0) return null;
  return (
    <nav className={className} aria-label={t(locale, 'chrome.topBar')}>
      <ul className="secondary-list">
        {items.map((item) => (
          <li key={item.id}>
            <MenuLink item={item} locale={locale} className="secondary-link" />
          </li>
        ))}
      </ul>
    </nav>
  );
}
