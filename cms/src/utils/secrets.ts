/**
 * Secrets with development defaults. Outside production a missing secret falls back to a fixed
 * development value, so `npm run develop` works on a fresh clone; in production Strapi refuses
 * to start without each of them, rather than sign sessions with a key from the repository.
 */
type Env = { (key: string, fallback?: string): string | undefined; array(key: string, fallback?: string[]): string[] | undefined };

const DEV_DEFAULTS: Record<string, string> = {
  APP_KEYS: 'devAppKey1,devAppKey2,devAppKey3,devAppKey4',
  API_TOKEN_SALT: 'devApiTokenSalt',
  ADMIN_JWT_SECRET: 'devAdminJwtSecret',
  TRANSFER_TOKEN_SALT: 'devTransferTokenSalt',
  JWT_SECRET: 'devJwtSecret',
  ENCRYPTION_KEY: 'devEncryptionKey0123456789abcdef',
};

export const isProduction = () => process.env.NODE_ENV === 'production';

export function secret(env: Env, key: keyof typeof DEV_DEFAULTS & string): string {
  const value = env(key);
  if (value) return value;
  if (isProduction()) throw new Error(`${key} must be set when NODE_ENV=production (see cms/README.md)`);
  return DEV_DEFAULTS[key];
}

export function secretList(env: Env, key: 'APP_KEYS'): string[] {
  return secret(env, key).split(',').map((s) => s.trim()).filter(Boolean);
}
