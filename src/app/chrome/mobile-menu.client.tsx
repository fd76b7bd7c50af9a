'use client';
// The mobile menu toggle and its panel. The server renders a <details>/<summary> with the panel
// beside it (not inside: on wide screens the panel's menu stands in the header whether the
// <details> is open or not, and a closed <details> would hide what it holds); the stylesheet
// shows the panel on narrow screens while the <details> is open, so it opens without JavaScript.
// Once this component runs the toggle becomes a real button with aria-expanded and aria-controls
// and the panel animates (expands in 300 ms on the y axis). The panel keeps its place, so its
// menu is not made again. The two icons (menu, close) come rendered from the server, so the icon
// set stays out of the browser bundle. A panel the visitor opened before the page was hydrated
// stays open, and focus on its toggle stays on the toggle.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { usePageLinks } from '../layout-frame.client';

type Props = {
  panelId: string;
  openLabel: string;
  closeLabel: string;
  menuLabel: string;
  openIcon: ReactNode;
  closeIcon: ReactNode;
  children: ReactNode;
};

export function MobileMenu({ panelId, openLabel, closeLabel, menuLabel, openIcon, closeIcon, children }: Props) {
  const currentPath = usePageLinks().current;
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);

  // A finished navigation (also back/forward) closes the panel.
  useEffect(() => setOpen(false), [currentPath]);
  // The <summary> is replaced by the button: a visitor whose focus was on it keeps it there.
  const focusToggle = useRef(false);
  useEffect(() => {
    setOpen(details.current?.open ?? false);
    focusToggle.current = document.activeElement !== null && document.activeElement === details.current?.querySelector('summary');
    setEnhanced(true);
  }, []);
  useEffect(() => {
    if (!enhanced || !focusToggle.current) return;
    focusToggle.current = false;
    document.getElementById(`${panelId}-toggle`)?.focus();
  }, [enhanced, panelId]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      document.getElementById(`${panelId}-toggle`)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, panelId]);

  const label = (
    <>
      {open ? closeIcon : openIcon}
      <span className="mobile-menu-label">{menuLabel}</span>
    </>
  );

  const panel = (
    <div
      className={open || !enhanced ? 'mobile-menu-panel is-open' : 'mobile-menu-panel'}
      id={panelId}
      onClick={(e) => {
        if (enhanced && (e.target as Element).closest('a')) setOpen(false);
      }}
    >
      <div className="mobile-menu-clip">{children}</div>
    </div>
  );

  if (!enhanced) {
    return (
      <>
        <details className="mobile-menu" ref={details}>
          <summary className="mobile-menu-toggle" aria-label={openLabel}>
            {label}
          </summary>
        </details>
        {panel}
      </>
    );
  }

  return (
    <>
      <div className="mobile-menu">
        <button
          type="button"
          id={`${panelId}-toggle`}
          className="mobile-menu-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={open ? closeLabel : openLabel}
          onClick={() => setOpen((o) => !o)}
        >
          {label}
        </button>
      </div>
      {panel}
    </>
  );
}
