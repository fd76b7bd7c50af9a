// Query parameters whose values are secrets or one-time codes: a provider's tokens on the login
// callback (and the `raw[...]` provider answer Strapi may pass along), the reset code in the
// password mail's link, the editor preview's secret, an OAuth state or code. Their values never
// reach a log line (logger.ts masks them), and a page whose address carries one is answered for
// that request only: `no-store`, never kept in the render cache (server/pages/page-handler.ts).

const SECRET_NAMES: ReadonlySet<string> = new Set([
  'access_token', 'id_token', 'refresh_token', 'token', 'jwt', 'code', 'state', 'secret', 'password',
  'confirmation', 'oauth_token', 'oauth_verifier', 'client_secret', 'api_key', 'apikey', 'key',
  'signature', 'sig', 'otp', 'nonce', 'session', 'raw',
]);

/** `auth_code`, `reset-token`, `x_secret`: a secret by its last word too (`postcode` is not). */
const SECRET_SUFFIX = /[_-](?:token|secret|code|key|password|signature|state|nonce|verifier)$/;

/** A query parameter's name as the query parser reads it: percent-decoded, `+` a space, any
 * case, and `name[...]` as `name`, so `%73ecret=` and `secret[]=` are the secret too. */
export function paramName(raw: string): string {
  return safeDecode(raw).replace(/\[.*$/s, '').trim().toLowerCase();
}

/** Whether a parameter of this (parsed) name carries a secret or a one-time code. */
export function isSecretParam(name: string): boolean {
  return SECRET_NAMES.has(name) || SECRET_SUFFIX.test(name);
}

/** Whether a parsed query (Express's `req.query`) carries any secret. */
export function carriesSecret(query: Record<string, unknown>): boolean {
  for (const name in query) if (Object.hasOwn(query, name) && isSecretParam(paramName(name))) return true;
  return false;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}
