'use client';
// "Cookie-instellingen" in the footer: reopens the banner. It only appears once JavaScript
// runs, because without it there is no consent to change (no tag manager ever loads).
import { useEffect, useState } from 'react';
import { OPEN_EVENT } from './consent';

export function ConsentSettingsButton({ label }: { label: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <button type="button" className="footer-text-button" onClick={() => window.dispatchEvent(new Event(OPEN_EVENT))}>
      {label}
    </button>
  );
}
