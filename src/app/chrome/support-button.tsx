// The fixed side button with a heart to the mission-support page: a tab on the right
// edge on wide screens, a round heart in the corner on phones where a tab would cover text.
import { pathTo } from '../../routing/path-to';
import type { Locale } from '../../i18n/locale';
import { t } from '../../i18n/intl';
import { Icon } from '../../icons/icon';

export function SupportButton({ locale }: { locale: Locale }) {
  const label = t(locale, 'chrome.support');
  return (
    <a className="support-button" href={pathTo('support-onze-missie', 'nl')}>
      <Icon name="heart" size={20} />
      <span className="support-button-text">
        {label}
      </span>
    </a>
  );
}
