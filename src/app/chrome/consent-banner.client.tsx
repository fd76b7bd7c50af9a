'use client';
// The cookie choice: accept all, reject all, or choose. Shown until a choice is stored and
// again when the footer asks for it. Every page carries the banner, hidden unless <html> has
// `data-consent-ask`: the inline CONSENT_ASK_SCRIPT sets it before first paint when no choice
// is stored, and answers the buttons until this component runs (src/routing/inline-scripts.ts).
// Without JavaScript nothing can track, so nothing is asked: the banner stays hidden.
//
// "Zelf kiezen" reveals the choices and is hidden itself: focus moves to the first choice one
// can change (the analytics box), so the next Tab reaches "Keuze opslaan", never the page behind.
// The choices are always in the page and shown by `data-consent-ask="choose"`, so the inline
// script does the same before this component runs (and stores "Keuze opslaan"'s choice).
import { useEffect, useId, useRef, useState } from 'react';
import { applyConsent, OPEN_EVENT, readConsent, storeConsent, type ConsentChoice } from './consent';

export type ConsentTexts = {
  title: string;
  text: string;
  policy: string;
  accept: string;
  reject: string;
  choose: string;
  necessary: string;
  necessaryHint: string;
  analytics: string;
  analyticsHint: string;
  save: string;
};

type View = 'hidden' | 'ask' | 'choose';

/** Shows or hides the banner: the attribute the inline script set before first paint. */
const ASK = 'data-consent-ask';
function setShown(shown: boolean, view: 'ask' | 'choose' = 'ask'): void {
  if (shown) document.documentElement.setAttribute(ASK, view === 'choose' ? 'choose' : '');
  else document.documentElement.removeAttribute(ASK);
}

export function ConsentBanner({ tagManagerId, policyHref, texts }: { tagManagerId: string; policyHref: string; texts: ConsentTexts }) {
  // 'ask' first, as rendered on the server; the stored choice decides once this runs.
  const [view, setView] = useState<View>('ask');
  const [analytics, setAnalytics] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const analyticsBox = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    const stored = readConsent();
    const chosenEarly = document.documentElement.getAttribute(ASK) === 'choose';
    if (stored) {
      applyConsent(stored, tagManagerId);
      setView('hidden');
    } else {
      setView(chosenEarly ? 'choose' : 'ask');
      // Chosen before this ran: the inline script showed the choices and moved focus to them;
      // what the visitor ticked there stays ticked.
      if (chosenEarly) setAnalytics(analyticsBox.current?.checked ?? false);
    }
    setShown(!stored, chosenEarly ? 'choose' : 'ask');
    // The page says what it did with the stored choice (tests wait for it, operators can see it).
    document.documentElement.dataset.consent = stored ? (stored.analytics ? 'granted' : 'denied') : 'asked';
    const reopen = () => {
      returnFocus.current = document.activeElement as HTMLElement | null;
      setAnalytics(readConsent()?.analytics ?? false);
      setView('choose');
      setShown(true, 'choose');
      requestAnimationFrame(() => heading.current?.focus());
    };
    window.addEventListener(OPEN_EVENT, reopen);
    return () => window.removeEventListener(OPEN_EVENT, reopen);
  }, [tagManagerId]);

  if (view === 'hidden') return null;

  const choose = () => {
    setView('choose');
    setShown(true, 'choose');
    // The button is gone: focus to the first choice it revealed.
    analyticsBox.current?.focus();
  };

  const decide = (choice: ConsentChoice) => {
    storeConsent(choice);
    applyConsent(choice, tagManagerId);
    setView('hidden');
    setShown(false);
    returnFocus.current?.focus();
    returnFocus.current = null;
  };

  return (
    <section className="consent" aria-labelledby={`${id}-title`} data-consent-banner>
      <div className="consent-inner">
        <h2 className="consent-title" id={`${id}-title`} ref={heading} tabIndex={-1}>
          {texts.title}
        </h2>
        <p className="consent-text">
          {texts.text} <a href={policyHref}>{texts.policy}</a>
        </p>
        {/* Always in the page, shown by data-consent-ask="choose" (the inline script's too). */}
        <div className="consent-choices" role="group" aria-label={texts.choose}>
            <label className="consent-option">
              <input type="checkbox" checked disabled />
              <span>
                <strong>{texts.necessary}</strong> <span className="consent-hint">{texts.necessaryHint}</span>
              </span>
            </label>
            <label className="consent-option">
              <input type="checkbox" name="analytics" ref={analyticsBox} data-consent-analytics checked={analytics} onChange={(e) => setAnalytics(e.target.checked)} />
              <span>
                <strong>{texts.analytics}</strong> <span className="consent-hint">{texts.analyticsHint}</span>
              </span>
            </label>
            <div className="consent-actions">
              <button type="button" className="button button-primary" data-consent-choice="save" onClick={() => decide({ analytics })}>
                {texts.save}
              </button>
            </div>
          </div>
        <div className="consent-actions">
          <button type="button" className="button button-primary" data-consent-choice="all" onClick={() => decide({ analytics: true })}>
            {texts.accept}
          </button>
          <button type="button" className="button button-primary" data-consent-choice="none" onClick={() => decide({ analytics: false })}>
            {texts.reject}
          </button>
          {view === 'ask' ? (
            <button type="button" className="button button-secondary consent-choose" data-consent-choice="choose" onClick={choose}>
              {texts.choose}
            </button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
