// The link to the external dashboard (the content's dashboard address), in the header and on
// the account page; opens in a new tab and says so.
import type { Locale } from '../../i18n/locale';
import { t } from '../../i18n/intl';
import { Icon } from '../../icons/icon';

export function DashboardLink({ locale, url, withText }: { locale: Locale; url: string | null | undefined; withText?: boolean }) {
  if (!url) return null;
  const name = `${t(locale, 'chrome.dashboard')} ${t(locale, 'chrome.newTab')}`;
  return (
    <a className={withText ? 'icon-link icon-link-text' : 'icon-link'} href={url} target="_blank" rel="noopener noreferrer" aria-label={withText ? undefined : name}>
      <Icon name="user" size={20} />
      {withText ? (
        <span>
          {t(locale, 'chrome.dashboard')}
          <span className="visually-hidden"> {t(locale, 'chrome.newTab')}</span>
        </span>
      ) : null}
    </a>
  );
}
