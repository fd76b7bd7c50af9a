import type { Core } from '@strapi/strapi';
import { ensureAccountSettings } from './bootstrap/accounts';
import { ensureAdminUser } from './bootstrap/admin-user';
import { ensureContentManagerLabels } from './bootstrap/content-manager';
import { ensureEditorRoles } from './bootstrap/editor-roles';
import { ensureLocales } from './bootstrap/locales';
import { ensureNavigationConfig } from './bootstrap/navigation';
import { grantPublicPermissions } from './bootstrap/permissions';
import { ensureSiteToken } from './bootstrap/site-token';
import { ensureContentWebhook } from './bootstrap/webhook';
import { checkAltTextsOnPublish, keepAltTextsOfImages } from './media/alt-text-rules';
import { checkMenuItemsOnSave } from './navigation/item-middleware';
import { seed } from './seed';

/**
 * Everything a fresh database needs to serve the site with no clicks, each step idempotent:
 * locales, public permissions, the site's API token, an admin (when asked), the editor roles
 * (and a development editor account, when asked), the account
 * settings (email confirmation, mail links to the site), the navigation plugin's configuration
 * (menu items link pages, 3 levels), the seed from the
 * repository's content/ folder, and the webhook to the site (last, so seeding sends nothing).
 * Menu items the site cannot show and images without an alternative text are refused on save
 * (src/navigation, src/media).
 */
export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    checkMenuItemsOnSave(strapi);
    checkAltTextsOnPublish(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    const started = Date.now();
    await ensureLocales(strapi);
    await grantPublicPermissions(strapi);
    await ensureSiteToken(strapi);
    await ensureAdminUser(strapi);
    await ensureEditorRoles(strapi);
    await ensureAccountSettings(strapi);
    await ensureNavigationConfig(strapi);
    await ensureContentManagerLabels(strapi);
    if (process.env.SEED !== 'false') await seed(strapi);
    keepAltTextsOfImages(strapi);
    await ensureContentWebhook(strapi);
    strapi.log.info(`[bootstrap] ready in ${Date.now() - started} ms`);
  },
};
