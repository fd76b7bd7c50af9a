import type { Core } from '@strapi/strapi';

/**
 * Accounts of the site's visitors (users-permissions): email confirmation on, and the links in
 * its mails pointing at the site's own pages: the reset mail at `/wachtwoord-herstellen` (the
 * code is appended as `?code=`), a confirmed address back to `/login?bevestigd=1`. The site's
 * browser-facing address is PUBLIC_SITE_URL, else SITE_URL; without either nothing is changed.
 * Only these keys are set, every other advanced setting stays as the admin left it.
 */
export async function ensureAccountSettings(strapi: Core.Strapi): Promise<void> {
  const site = (process.env.PUBLIC_SITE_URL || process.env.SITE_URL || '').replace(/\/+$/, '');
  if (!site) return;
  const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
  const current = ((await store.get({ key: 'advanced' })) ?? {}) as Record<string, unknown>;
  const wanted = {
    email_confirmation: true,
    email_reset_password: `${site}/wachtwoord-herstellen`,
    email_confirmation_redirection: `${site}/login?bevestigd=1`,
  };
  if (Object.entries(wanted).every(([key, value]) => current[key] === value)) return;
  await store.set({ key: 'advanced', value: { ...current, ...wanted } });
  strapi.log.info(`[bootstrap] accounts: email confirmation on, mail links to ${site}`);
}
