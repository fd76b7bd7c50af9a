'use client';
import { useEffect } from 'react';
import { navigate } from '../../framework/browser/navigation';

/** The error screen for a fatal error: Dutch heading and a button that clears the error and
 * goes home; it scrolls to the top when shown. The button sits in a GET form to `/`, so it
 * also works before JavaScript runs. */
export function ErrorScreen({ onReset }: { onReset?: () => void }) {
  useEffect(() => window.scrollTo(0, 0), []);
  return (
    <section className="error-screen" role="alert">
      <h1>Deze pagina is helaas niet (meer) beschikbaar</h1>
      <form
        action="/"
        method="get"
        onSubmit={(e) => {
          e.preventDefault();
          onReset?.();
          navigate('/');
        }}
      >
        <button type="submit" className="button button-primary">
          Naar de homepage
        </button>
      </form>
    </section>
  );
}
