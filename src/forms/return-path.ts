/** Only a path of this site: `/x`, never `//host` or `https://...`; anything else is `/`.
 * The query is dropped. Checked again after parsing: `/.//host` parses to `//host`. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  try {
    const url = new URL(value, 'http://x');
    if (url.origin !== 'http://x' || url.pathname.startsWith('//')) return '/';
    return url.pathname;
  } catch {
    return '/';
  }
}
