'use client';
// Cycles the colour preference system → light → dark. Hidden on a page whose route forces a
// mode, and without JavaScript (it could not do anything there).
import { useEffect, useState } from 'react';
import { Monitor, Moon, Sun } from 'lucide-react';
import { applyColorMode, forcedMode, nextPreference, readPreference, storePreference, type ColorPreference } from './color-mode';

export type ColorModeTexts = { label: string; hint: string } & Record<ColorPreference, string>;

const ICONS = { system: Monitor, light: Sun, dark: Moon } as const;

export function ColorModeToggle({ texts, pathname }: { texts: ColorModeTexts; pathname: string }) {
  const [preference, setPreference] = useState<ColorPreference | null>(null);
  const [forced, setForced] = useState(false);

  // The path changes on client navigation, and with it the page's forced mode on <html>.
  useEffect(() => {
    setPreference(readPreference());
    setForced(forcedMode() !== null);
  }, [pathname]);

  if (preference === null || forced) return null;
  const Icon = ICONS[preference];
  const choose = () => {
    const next = nextPreference(preference);
    storePreference(next);
    applyColorMode(next);
    setPreference(next);
  };
  return (
    <button type="button" className="footer-text-button color-mode-toggle" onClick={choose} title={texts.hint} data-preference={preference}>
      <Icon aria-hidden="true" focusable="false" size={18} />
      <span>
        {texts.label}: {texts[preference]}
      </span>
    </button>
  );
}
