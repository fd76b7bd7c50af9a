// One menu entry as a link. INTERNAL: a site path, marked as the current page when it is.
// EXTERNAL: a new tab, with the external-link icon and a hint for screen readers, and
// `noopener` so the other site cannot reach back into this tab.
import type { ReactNode } from 'react';
import type { NavigationItem } from '../../content/model';
import type { Locale } from '../../i18n/locale';
import { t } from '../../i18n/intl';
import { Icon } from '../../icons/icon';
import { isExternal, itemHref } from '../../routing/nav-paths';
import { comparablePath } from '../../routing/layout-slots';
import { NavLink } from './nav-link.client';

type Props = { item: NavigationItem; locale: Locale; className?: string };

export function MenuLink({ item, locale, className }: Props) {
  if (isExternal(item)) {
    return (
      <a className={className} href={itemHref(item)} target="_blank" rel="noopener noreferrer">
        {item.title}
        <Icon name="external-link" size={16} className="icon-external" />
        <span className="visually-hidden"> {t(locale, 'chrome.newTab')}</span>
      </a>
    );
  }
  // Marked in the browser as the page changes (nav-link.client.tsx). Props left out rather than
  // undefined: an undefined prop still costs bytes in the Flight payload ("$undefined"), and a
  // menu has dozens of links.
  const below = pathsBelow(item);
  return (
    <NavLink href={itemHref(item)} {...(className ? { className } : {})} {...(item.path !== null ? { path: comparablePath(item.path) } : {})} {...(below.length > 0 ? { below } : {})}>
      {item.title}
    </NavLink>
  );
}

/** The comparable paths of the internal items below `item`, at any depth: the page is in its trail
 * when it is one of them (nav-paths.ts `isInTrail`). */
export function pathsBelow(item: NavigationItem): string[] {
  return (item.items ?? []).flatMap((child) => [...(!isExternal(child) && child.path !== null ? [comparablePath(child.path)] : []), ...pathsBelow(child)]);
}

/** A link that leaves the site in a new tab, for fixed links (dashboard, socials). */
export function ExternalLink({ href, className, label, children }: { href: string; className?: string; label: string; children: ReactNode }) {
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
      {children}
    </a>
  );
}
