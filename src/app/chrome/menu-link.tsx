// One menu entry as a link. INTERNAL: a site path, marked as the current page when it is.
// EXTERNAL: a new tab, with the external-link icon and a hint for screen readers, and
// `noopener` so the other site cannot reach back into this tab.
import type { ReactNode } from 'react';
import type { NavigationItem } from '../../content/model';
import type { Locale } from '../../i18n/locale';
import { t } from '../../i18n/intl';
import { Icon } from '../../icons/icon';
import { isCurrent, isExternal, isInTrail, itemHref } from '../../routing/nav-paths';

type Props = { item: NavigationItem; current: string; locale: Locale; className?: string };

export function MenuLink({ item, current, locale, className }: Props) {
  if (isExternal(item)) {
    return (
      <a className={className} href={itemHref(item)} target="_blank" rel="noopener noreferrer">
        {item.title}
        <Icon name="external-link" size={16} className="icon-external" />
        <span className="visually-hidden"> {t(locale, 'chrome.newTab')}</span>
      </a>
    );
  }
  const here = isCurrent(item, current);
  const trail = !here && isInTrail(item, current);
  const classes = [className, here || trail ? 'is-active' : null].filter(Boolean).join(' ');
  // Spread rather than `aria-current={undefined}`: an undefined prop still costs bytes in the
  // Flight payload ("$undefined"), and a menu has dozens of links.
  return (
    <a className={classes || undefined} href={itemHref(item)} {...(here ? { 'aria-current': 'page' as const } : {})}>
      {item.title}
    </a>
  );
}

/** A link that leaves the site in a new tab, for fixed links (dashboard, socials). */
export function ExternalLink({ href, className, label, children }: { href: string; className?: string; label: string; children: ReactNode }) {
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
      {children}
    </a>
  );
}
