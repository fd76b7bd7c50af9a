import type { Core } from '@strapi/strapi';
import { siteRedirectUri } from '../../accounts/site-calls';

/**
 * users-permissions with the provider's redirect URI on the site (src/accounts/site-calls.ts): the
 * provider sends the browser back to the site, which runs Strapi's `/connect/{provider}/callback`
 * for it with the session it kept for that login. Strapi's OAuth flow, its state check and its
 * providers are otherwise its own. The admin's Providers page shows this URI to register.
 */
type Factory = (ctx: { strapi: Core.Strapi }) => Record<string, unknown> & { buildRedirectUri(provider?: string): string };
type Plugin = { services: Record<string, Factory> };

export default (plugin: Plugin) => {
  const createProviders = plugin.services.providers;
  plugin.services.providers = (ctx) => {
    const service = createProviders(ctx);
    const strapiUri = service.buildRedirectUri.bind(service);
    return { ...service, buildRedirectUri: (provider = '') => siteRedirectUri(provider) ?? strapiUri(provider) };
  };
  return plugin;
};
