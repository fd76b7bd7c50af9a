import type { ReactNode } from 'react';
import type { Locale } from '../../framework/page-meta';
import type { Chrome } from '../../content/site-content';

/** Site chrome around every page but the test flow. */
export function DefaultLayout({ locale, children }: { locale: Locale; chrome: Chrome; pathname: string; children: ReactNode }) {
  const home = locale === 'en' ? '/en' : '/';
  return (
    <>
      <a className="skip-link" href="#main">
        {locale === 'en' ? 'Skip to content' : 'Naar de inhoud'}
      </a>
      <header className="site-header">
        <a className="site-logo" href={home} aria-label="Join Us, naar de homepage">
          Join Us
        </a>
        <nav aria-label={locale === 'en' ? 'Main menu' : 'Hoofdmenu'}>
          <ul className="nav-list">
            <li><a href="/over-ons">Over ons</a></li>
            <li><a href="/blog">Blog</a></li>
            <li><a className="button button-primary" href="/doe-de-test">Doe de test</a></li>
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer" id="footer">
        <p>© {new Date().getFullYear()} Stichting Join Us</p>
      </footer>
    </>
  );
}
