'use client';
// The parts of the kept layout that follow the page (src/app/layout-frame.client.tsx): a menu
// link marked when it leads to the page or to a page below it, a menu item marked when the page
// is below it, and the language links to this page in a language. The server renders the same
// marks into the HTML, so they hold without JavaScript; after a navigation they follow the new
// page without the layout being fetched again.
import type { ReactNode } from 'react';
import { comparablePath } from '../../routing/layout-slots';
import { usePageLinks } from '../layout-frame.client';

type Marks = {
  /** The link's own path, comparable (layout-slots.ts `comparablePath`); absent: never the current page. */
  path?: string;
  /** The comparable paths of the items below it, at any depth. */
  below?: readonly string[];
};

function useMarks({ path, below }: Marks): { here: boolean; trail: boolean } {
  const current = comparablePath(usePageLinks().current);
  const here = path !== undefined && path === current;
  return { here, trail: !here && below !== undefined && below.includes(current) };
}

export function NavLink({ href, className, path, below, children }: Marks & { href: string; className?: string; children: ReactNode }) {
  const { here, trail } = useMarks({ path, below });
  const classes = [className, here || trail ? 'is-active' : null].filter(Boolean).join(' ');
  return (
    <a className={classes || undefined} href={href} aria-current={here ? 'page' : undefined}>
      {children}
    </a>
  );
}

/** A menu item with items below it: `trailClass` added while the page is one of them. */
export function NavItem({ className, trailClass, below, children }: { className: string; trailClass: string; below: readonly string[]; children: ReactNode }) {
  const { trail } = useMarks({ below });
  return <li className={trail ? `${className} ${trailClass}` : className}>{children}</li>;
}

/** A link to this page in a language: `own` (the page as it is) or `other` (a language choice). */
export function PageLanguageLink({ which, locale, className, label, children }: { which: 'own' | 'other'; locale: string; className?: string; label?: string; children: ReactNode }) {
  const links = usePageLinks();
  return (
    <a href={links[which]} hrefLang={locale} lang={locale} className={className} aria-label={label} aria-current={which === 'own' ? 'true' : undefined} data-router="off">
      {children}
    </a>
  );
}
