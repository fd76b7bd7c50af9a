'use client';
// Keeps the colour mode right after the first paint (the inline script in <head> handles
// the first): on client navigation to or from a page that forces a mode, and when the OS
// switches while the preference is `system`. Renders nothing.
import { useEffect } from 'react';
import { applyColorMode, readPreference, watchSystemMode } from './color-mode';

export function ColorModeSync({ pathname }: { pathname: string }) {
  useEffect(() => {
    applyColorMode(readPreference());
  }, [pathname]);
  useEffect(() => watchSystemMode(() => applyColorMode(readPreference())), []);
  return null;
}
