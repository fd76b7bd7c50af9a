import type { ReactNode } from 'react';
import type { Chrome } from '../../content/site-content';
import type { Locale } from '../../framework/page-meta';

/** The `doe-de-test` layout: calm and focused, no site menu. */
export function TestLayout({ children }: { locale: Locale; chrome: Chrome; pathname: string; children: ReactNode }) {
  return (
    <>
      <header className="test-header">
        <a className="site-logo" href="/" aria-label="Join Us, naar de homepage">
          Join Us
        </a>
        <a href="/doe-de-test">Stoppen</a>
      </header>
      <main id="main" className="test-main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
