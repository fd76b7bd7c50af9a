'use client';
import { useEffect } from 'react';
import { navigate } from '../../routing/navigation';

/** What the error screen says, in the page's language (the server hands it down). */
export type ErrorScreenTexts = { heading: string; home: string; homePath: string };

/** The error screen for a fatal error: a heading and a button that clears the error and goes
 * home; it scrolls to the top when shown. The button sits in a GET form to the home page, so
 * it also works before JavaScript runs. */
export function ErrorScreen({ texts, onReset }: { texts: ErrorScreenTexts; onReset?: () => void }) {
  useEffect(() => window.scrollTo(0, 0), []);
  return (
    <section className="error-screen" role="alert">
      <h1>{texts.heading}</h1>
      <form
        action={texts.homePath}
        method="get"
        onSubmit={(e) => {
          e.preventDefault();
          onReset?.();
          navigate(texts.homePath);
        }}
      >
        <button type="submit" className="button button-primary">
          {texts.home}
        </button>
      </form>
    </section>
  );
}
