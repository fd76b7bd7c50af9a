// A footer column: a heading and one or more menus from the content service, one list each
// (side by side when there are two, so a long column stays short).
import type { NavigationItem } from '../../content/model';
import type { Locale } from '../../i18n/locale';
import { MenuLink } from './menu-link';

type Props = { title: string; menus: NavigationItem[][]; locale: Locale };

export function FooterMenu({ title, menus, locale }: Props) {
  const lists = menus.filter((menu) => menu.length > 0);
  if (lists.length === 0) return null;
  return (
    <div className={lists.length > 1 ? 'footer-column footer-column-wide' : 'footer-column'}>
      <h2 className="footer-heading">{title}</h2>
      <div className="footer-lists">
        {lists.map((menu, i) => (
          <ul className="footer-list footer-menu-list" key={i}>
            {menu.map((item) => (
              <li key={item.id}>
                <MenuLink item={item} locale={locale} className="footer-link" />
              </li>
            ))}
          </ul>
        ))}
      </div>
    </div>
  );
}
