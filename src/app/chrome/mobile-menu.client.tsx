'use client';
// The mobile menu toggle. The server renders a <details>/<summary>, which opens without
// JavaScript; once this component runs it becomes a real button with aria-expanded and
// aria-controls and an animated panel (expands in 300 ms on the y axis). The two icons (menu,
// close) come rendered from the server, so the icon set stays out of the browser bundle.
// A panel the visitor opened before the page was hydrated stays open, and focus on its toggle
// stays on the toggle.
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

  if (!enhanced) {
    return (
      <details className="mobile-menu" ref={details}>
        <summary className="mobile-menu-toggle" aria-label={openLabel}>
          {label}
        </summary>
        <div className="mobile-menu-panel is-open" id={panelId}>
          <div className="mobile-menu-clip">{children}</div>
        </div>
      </details>
    );
  }

  return (
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
      <div
        className={open ? 'mobile-menu-panel is-open' : 'mobile-menu-panel'}
        id={panelId}
        onClick={(e) => {
          if ((e.target as Element).closest('a')) setOpen(false);
        }}
      >
        <div className="mobile-menu-clip">{children}</div>
      </div>
    </div>
  );
}
