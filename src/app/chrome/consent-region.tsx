// The consent banner with its texts, for the layouts.
import { pathTo } from '../../routing/path-to';
import type { Locale } from '../../i18n/locale';
import { t } from '../../i18n/intl';
import { ConsentBanner } from './consent-banner.client';

const KEYS = ['title', 'text', 'policy', 'accept', 'reject', 'choose', 'necessary', 'necessaryHint', 'analytics', 'analyticsHint', 'save'] as const;

export function Consent({ locale, tagManagerId }: { locale: Locale; tagManagerId: string }) {
  const texts = Object.fromEntries(KEYS.map((key) => [key, t(locale, `consent.${key}`)])) as Record<(typeof KEYS)[number], string>;
  return <ConsentBanner tagManagerId={tagManagerId} policyHref={pathTo('cookiebeleid', 'nl')} texts={texts} />;
}
