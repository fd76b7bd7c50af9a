export type { FormState } from '../../src/forms/form-state';

/** Only a path of this site: `/x?y`, never `//host` or `https://...`. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  try {
    const url = new URL(value, 'http://x');
    return url.pathname;
  } catch {
    return '/';
  }
}
