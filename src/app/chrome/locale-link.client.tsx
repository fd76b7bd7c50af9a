'use client';
// A link to the other language that also remembers the choice in the `locale` cookie for a
// year (365 days). The link itself works without JavaScript; only the memory needs it.
import type { ReactNode } from 'react';
import type { Locale } from '../../i18n/locale';
import { writeCookie } from './cookies';

type Props = { href: string; locale: Locale; className?: string; label?: string; current?: boolean; children: ReactNode };

export function LocaleLink({ href, locale, className, label, current, children }: Props) {
  return (
    <a
      href={href}
      hrefLang={locale}
      lang={locale}
      className={className}
      aria-label={label}
      aria-current={current ? 'true' : undefined}
      onClick={() => writeCookie('locale', locale)}
    >
      {children}
    </a>
  );
}
