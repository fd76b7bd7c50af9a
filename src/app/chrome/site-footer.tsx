// The site footer: logo (links home), the four columns, the legal strip with the
// current year, the legal menu, cookie settings, colour mode and the language switcher.
import { pathTo } from '../../routing/path-to';
import type { Chrome } from '../../content/site-content';
import type { Locale } from '../../i18n/locale';
import { t } from '../../i18n/intl';
import { Icon } from '../../icons/icon';
import { ColorModeToggle } from './color-mode-toggle.client';
import { ConsentSettingsButton } from './consent-settings-button.client';
import { FooterContact, FooterSocials } from './footer-contact';
import { FooterMenu } from './footer-menu';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { MenuLink } from './menu-link';

/** The language links follow the page (layout-frame.client.tsx): the footer is kept for every page. */
type Props = { chrome: Chrome; locale: Locale };

export function SiteFooter({ chrome, locale }: Props) {
  const { menus, global } = chrome;
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer" id="footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <Logo href={pathTo('home', locale)} label={t(locale, 'a11y.homeLink')} inverted />
          {global?.footerText ? <p className="footer-tagline">{global.footerText}</p> : null}
        </div>
        <div className="footer-columns">
          <FooterMenu title={t(locale, 'chrome.footer.join')} menus={[menus['footer-1']]} locale={locale} />
          <FooterMenu title={t(locale, 'chrome.footer.foundation')} menus={[menus['footer-2'], menus['footer-3']]} locale={locale} />
          <FooterContact global={global} locale={locale} />
          <FooterSocials global={global} locale={locale} />
        </div>
      </div>
      <div className="legal-strip">
        <div className="legal-inner">
          <p className="legal-copyright">
            © {year} Stichting Join Us{global?.kvk ? ` · ${t(locale, 'chrome.footer.kvk', { kvk: global.kvk })}` : ''}
          </p>
          {menus.legal.length > 0 ? (
            <nav aria-label={t(locale, 'chrome.footer.legal')}>
              <ul className="legal-list">
                {menus.legal.map((item) => (
                  <li key={item.id}>
                    <MenuLink item={item} locale={locale} className="legal-link" />
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <div className="legal-tools">
            <ConsentSettingsButton label={t(locale, 'consent.settings')} />
            <ColorModeToggle
              icons={{ system: <Icon name="monitor" size={18} />, light: <Icon name="sun" size={18} />, dark: <Icon name="moon" size={18} /> }}
              texts={{
                label: t(locale, 'chrome.colorMode'),
                hint: t(locale, 'chrome.colorMode.hint'),
                system: t(locale, 'chrome.colorMode.system'),
                light: t(locale, 'chrome.colorMode.light'),
                dark: t(locale, 'chrome.colorMode.dark'),
              }}
            />
            <LanguageSwitcher locales={chrome.locales} locale={locale} />
          </div>
        </div>
      </div>
    </footer>
  );
}
