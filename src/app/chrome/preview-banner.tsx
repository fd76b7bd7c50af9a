// The strip over every page of an editor preview: which version it shows (draft or
// published), that only the preview link shows it, and the way to the live page. Its own
// landmark, so a screen reader finds it by name; first after the skip link. In Strapi's preview
// panel it loads the page again after each save (preview-refresh.client.tsx).
import type { PreviewMode } from '../../routing/services';
import type { Locale } from '../../i18n/locale';
import { t } from '../../i18n/intl';
import { Icon } from '../../icons/icon';
import { PreviewRefresh } from './preview-refresh.client';

export function PreviewBanner({ locale, preview, livePath }: { locale: Locale; preview: PreviewMode; livePath: string }) {
  const draft = preview.status === 'draft';
  return (
    <section className="preview-banner" aria-label={t(locale, 'preview.label')} data-status={preview.status}>
      <div className="preview-banner-inner">
        <div className="preview-banner-message">
          <Icon name="info" size={22} className="preview-banner-icon" />
          <div>
            <p className="preview-banner-heading">
              <strong>{t(locale, draft ? 'preview.heading.draft' : 'preview.heading.published')}</strong>{' '}
              <span className="preview-banner-status">{t(locale, draft ? 'preview.status.draft' : 'preview.status.published')}</span>
            </p>
            <p className="preview-banner-hint">{t(locale, 'preview.hint')}</p>
          </div>
        </div>
        <a className="preview-banner-live" href={livePath}>
          {t(locale, 'preview.live')}
          <Icon name="arrow-right" size={18} />
        </a>
      </div>
      <PreviewRefresh />
    </section>
  );
}
