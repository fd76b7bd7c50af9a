// The promoted links of the header: the test, the event, the external
// dashboard and the flag to the other language. Wide screens show them compactly in the
// bars; the mobile panel shows them with their text.
import { pathTo } from '../../routing/path-to';
import type { Locale } from '../../i18n/locale';
import { t, tAround } from '../../i18n/intl';
import { Icon } from '../../icons/icon';
import { FlagGb, FlagNl } from './flags';
import { PageLanguageLink } from './nav-link.client';
import type { PromotedEvent } from '../../content/events';

type Base = { locale: Locale };

export function TestButton({ locale, className = '' }: Base & { className?: string }) {
  return (
    <a className={`button button-primary test-button ${className}`.trim()} href={pathTo('doe-de-test', locale)}>
      {t(locale, 'chrome.doTheTest')}
    </a>
  );
}

/** The promoted event (`nextPromotedEvent`: one still to come), to its page: the content page
 * with the event's slug, in the language of the event's record. None: no button. */
export function EventButton({ locale, event, className = '' }: Base & { event: PromotedEvent | null; className?: string }) {
  if (!event) return null;
  return (
    <a className={`event-button ${className}`.trim()} href={pathTo('slug', event.locale, { slug: event.slug })}>
      <Icon name="sparkles" size={18} />
      <EventLabel locale={locale} event={event} />
    </a>
  );
}

/** "Event: {title}"; a title only written in Dutch (an English page promoting the Dutch event)
 * in an element that says so. */
function EventLabel({ locale, event }: { locale: Locale; event: PromotedEvent }) {
  const title = event.shortTitle || event.title;
  if (event.locale === locale) return <>{t(locale, 'chrome.event', { title })}</>;
  const [before, after] = tAround(locale, 'chrome.event', 'title');
  return (
    <>
      {before}
      <span lang={event.locale}>{title}</span>
      {after}
    </>
  );
}

/** The flag: to /en from Dutch pages, back to Dutch from English ones (same page when it
 * exists in both languages, else the home page). */
export function FlagLink({ locale, withText }: Base & { withText?: boolean }) {
  const target: Locale = locale === 'en' ? 'nl' : 'en';
  const name = t(locale, 'chrome.flagLabel');
  return (
    <PageLanguageLink which="other" locale={target} className={withText ? 'icon-link icon-link-text flag-link' : 'icon-link flag-link'} {...(withText ? {} : { label: name })}>
      {target === 'en' ? <FlagGb /> : <FlagNl />}
      {withText ? <span>{name}</span> : null}
    </PageLanguageLink>
  );
}
