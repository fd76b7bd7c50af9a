'use client';
// Cycles the colour preference system → light → dark. Hidden on a page whose route forces a
// mode, and without JavaScript (it could not do anything there). Its three icons come rendered
// from the server, so no icon code is in the browser bundle.
import { useEffect, useState, type ReactNode } from 'react';
import { applyColorMode, forcedMode, nextPreference, readPreference, storePreference, type ColorPreference } from './color-mode';
import { usePageLinks } from '../layout-frame.client';

export type ColorModeTexts = { label: string; hint: string } & Record<ColorPreference, string>;

export function ColorModeToggle({ texts, icons }: { texts: ColorModeTexts; icons: Record<ColorPreference, ReactNode> }) {
  const pathname = usePageLinks().current;
  const [preference, setPreference] = useState<ColorPreference | null>(null);
  const [forced, setForced] = useState(false);

  // The path changes on client navigation, and with it the page's forced mode on <html>.
  useEffect(() => {
    setPreference(readPreference());
    setForced(forcedMode() !== null);
  }, [pathname]);

  if (preference === null || forced) return null;
  const choose = () => {
    const next = nextPreference(preference);
    storePreference(next);
    applyColorMode(next);
    setPreference(next);
  };
  return (
    <button type="button" className="footer-text-button color-mode-toggle" onClick={choose} title={texts.hint} data-preference={preference}>
      {icons[preference]}
      <span>
        {texts.label}: {texts[preference]}
      </span>
    </button>
  );
}
