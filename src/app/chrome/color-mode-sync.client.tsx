'use client';
// Keeps the colour mode right after the first paint (the inline script in <head> handles
// the first): on client navigation to or from a page that forces a mode, and when the OS
// switches while the preference is `system`. Renders nothing.
import { useEffect } from 'react';
import { applyColorMode, readPreference, watchSystemMode } from './color-mode';
import { usePageLinks } from '../layout-frame.client';

/** Follows the page's path (layout-frame.client.tsx). */
export function ColorModeSync() {
  const pathname = usePageLinks().current;
  useEffect(() => {
    applyColorMode(readPreference());
  }, [pathname]);
  useEffect(() => watchSystemMode(() => applyColorMode(readPreference())), []);
  return null;
}
