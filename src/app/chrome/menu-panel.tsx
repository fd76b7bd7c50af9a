// What the menu panel holds: the primary menu (the one tree, site-nav.tsx), the promoted links,
// and the secondary menu on the green gradient bar. On wide screens the panel is no box of its
// own: the menu stands in the header's row, and the promoted links and the secondary menu, which
// the top bar shows there, are left out (src/styles/chrome.css).
import type { ReactNode } from 'react';
import type { NavigationItem } from '../../content/model';
import type { Locale } from '../../i18n/locale';
import { SecondaryMenu } from './secondary-menu';
import { SiteNav } from './site-nav';

type Props = { primary: NavigationItem[]; secondary: NavigationItem[]; locale: Locale; actions: ReactNode };

export function MenuPanel({ primary, secondary, locale, actions }: Props) {
  return (
    <div className="mobile-nav">
      <SiteNav items={primary} locale={locale} />
      <div className="mobile-nav-actions">{actions}</div>
      <SecondaryMenu items={secondary} locale={locale} className="gradient-bar mobile-secondary" />
    </div>
  );
}
