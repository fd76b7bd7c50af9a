// The "Contact" (call us, mail us) and "Volg ons" (social networks, each in a new tab)
// columns, from the global settings.
import type { GlobalSettings } from '../../content/model';
import type { Locale } from '../../i18n/locale';
import { t } from '../../i18n/intl';
import { BrandIcon, type BrandName } from '../../icons/brand-icon';
import { Icon } from '../../icons/icon';
import { telHref } from '../../blocks/help-contact';

/** Shown in this order: Facebook, TikTok, Instagram, LinkedIn. */
const NETWORKS: ReadonlyArray<readonly [BrandName, string]> = [
  ['facebook', 'Facebook'],
  ['tiktok', 'TikTok'],
  ['instagram', 'Instagram'],
  ['linkedin', 'LinkedIn'],
];

export function FooterContact({ global, locale }: { global: GlobalSettings | null; locale: Locale }) {
  if (!global?.phone && !global?.email) return null;
  return (
    <div className="footer-column">
      <h2 className="footer-heading">{t(locale, 'chrome.footer.contact')}</h2>
      <ul className="footer-list">
        {global.phone ? (
          <li>
            <a className="footer-link footer-contact-link" href={telHref(global.phone)}>
              <Icon name="phone" size={18} />
              <span>
                {t(locale, 'chrome.footer.call')} <span className="footer-contact-value">{global.phone}</span>
              </span>
            </a>
          </li>
        ) : null}
        {global.email ? (
          <li>
            <a className="footer-link footer-contact-link" href={`mailto:${global.email}`}>
              <Icon name="mail" size={18} />
              <span>
                {t(locale, 'chrome.footer.mail')} <span className="footer-contact-value">{global.email}</span>
              </span>
            </a>
          </li>
        ) : null}
      </ul>
      {global.address ? <p className="footer-address">{global.address}</p> : null}
    </div>
  );
}

export function FooterSocials({ global, locale }: { global: GlobalSettings | null; locale: Locale }) {
  const socials = global?.socials;
  const links = NETWORKS.flatMap(([key, network]) => {
    const href = socials?.[key];
    return href ? [{ key, network, href }] : [];
  });
  if (links.length === 0) return null;
  return (
    <div className="footer-column">
      <h2 className="footer-heading">{t(locale, 'chrome.footer.follow')}</h2>
      <ul className="footer-socials">
        {links.map(({ key, network, href }) => (
          <li key={key}>
            <a
              className="social-link"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${t(locale, 'chrome.social', { network })} ${t(locale, 'chrome.newTab')}`}
            >
              <BrandIcon name={key} size={22} />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
