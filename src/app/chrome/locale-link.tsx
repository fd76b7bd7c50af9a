// A link to the other language, marked as the visitor's choice (`?taal=`): the server keeps
// the choice in the `locale` cookie for a year (365 days) and sends the visitor on to the page
// (server/pages/locale-preference.ts), so it works the same with and without JavaScript. A full page
// load, never a client navigation or a preload: only a click is a choice.
import type { ReactNode } from 'react';
import { languageChoiceHref, type Locale } from '../../i18n/locale';

type Props = { href: string; locale: Locale; className?: string; label?: string; current?: boolean; children: ReactNode };

export function LocaleLink({ href, locale, className, label, current, children }: Props) {
  return (
    <a
      href={current ? href : languageChoiceHref(href, locale)}
      hrefLang={locale}
      lang={locale}
      className={className}
      aria-label={label}
      aria-current={current ? 'true' : undefined}
      data-router="off"
    >
      {children}
    </a>
  );
}
