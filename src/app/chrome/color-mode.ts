// The colour mode in the browser, the same rules as the inline script in <head>
// (src/routing/inline-scripts.ts), for changes after the first paint: a new preference,
// an OS switch while the preference is `system`, or a page that forces a mode.

export type ColorPreference = 'system' | 'light' | 'dark';

export const STORAGE_KEY = 'nuxt-color-mode';
const CYCLE: ColorPreference[] = ['system', 'light', 'dark'];

export function nextPreference(current: ColorPreference): ColorPreference {
  return CYCLE[(CYCLE.indexOf(current) + 1) % CYCLE.length] ?? 'system';
}

export function readPreference(): ColorPreference {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system'; // storage blocked: follow the OS
  }
}

export function storePreference(preference: ColorPreference): void {
  try {
    localStorage.setItem(STORAGE_KEY, preference);
  } catch {
    // storage blocked: the choice holds for this page only
  }
}

export function forcedMode(): 'light' | 'dark' | null {
  const forced = document.documentElement.getAttribute('data-forced-color-mode');
  return forced === 'light' || forced === 'dark' ? forced : null;
}

const systemDark = () => window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;

/** Puts the mode on <html>: a forced mode wins, then the preference, then the OS. */
export function applyColorMode(preference: ColorPreference): void {
  const root = document.documentElement;
  const mode = forcedMode() ?? (preference === 'system' ? (systemDark() ? 'dark' : 'light') : preference);
  root.classList.remove('light', 'dark');
  root.classList.add(mode);
  root.setAttribute('data-color-mode-preference', preference);
  root.style.colorScheme = mode;
}

/** Re-applies when the OS setting changes; returns the unsubscribe. */
export function watchSystemMode(onChange: () => void): () => void {
  const query = window.matchMedia?.('(prefers-color-scheme: dark)');
  if (!query) return () => {};
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
