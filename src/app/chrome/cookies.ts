// First-party cookies written in the browser. The pages are cached whole for every visitor,
// so the server never reads these to render: they are the browser's memory only. (The locale
// cookie is the server's: server/pages/locale-preference.ts.)

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** Kept for a year (365 days), sent to this site only. */
export function writeCookie(name: string, value: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string, domain?: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ''}`;
}
