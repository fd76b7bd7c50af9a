// A chunk-load failure or a new build reloads the page once, guarded by a
// 10 000 ms window kept in sessionStorage, so a broken deploy can never loop.

export const RELOAD_WINDOW_MS = 10_000;
const KEY = 'joinus:reload';

/** Loads `href` (default: this page) with a full page load, unless one happened within the
 * window. Returns whether it reloaded. */
export function reloadOnce(href: string = location.href): boolean {
  const now = Date.now();
  try {
    const last = JSON.parse(sessionStorage.getItem(KEY) || 'null') as { expires: number } | null;
    if (last && last.expires > now) return false;
    sessionStorage.setItem(KEY, JSON.stringify({ expires: now + RELOAD_WINDOW_MS, href }));
  } catch {
    return false; // no storage: never risk a loop
  }
  if (href === location.href) location.reload();
  else location.assign(href);
  return true;
}

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ChunkLoadError' || /Loading (CSS )?chunk .* failed/i.test(error.message));
}
