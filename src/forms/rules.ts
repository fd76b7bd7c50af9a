// The two generic checks the forms use beyond their zod schemas: whether a value counts as
// filled in, and whether it reads as an email address.

/** Empty means "not filled in": nothing, blank text, an empty list or an empty object. */
export function isEmpty(value: unknown, trim = true): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return (trim ? value.trim() : value) === '';
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Date) return false;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

const EMAIL_LOCAL = /^(?!\.)(?!.*\.\.)[^\s@<>()[\]\\,;:"]+(?<!\.)$/u;
const EMAIL_DOMAIN = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}$/u;

export function isEmail(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const parts = value.trim().split('@');
  return parts.length === 2 && EMAIL_LOCAL.test(parts[0] ?? '') && EMAIL_DOMAIN.test(parts[1] ?? '');
}
