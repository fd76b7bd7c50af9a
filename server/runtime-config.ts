// The runtime configuration, shaped like the original site's (a `public` part the browser
// may see), and the startup check of the tag-manager id.
import type { Env } from './env';
import type { PublicConfig } from '../src/routing/services';

export type RuntimeConfig = { public?: Partial<PublicConfig> & { googleTagManagerID?: string } };

const TAG_MANAGER_ID = /^(GTM|G)-[A-Z0-9]+$/;
const OWN_SETTING = 'Set GTM_ID in the environment (see .env.example), e.g. GTM_ID=GTM-ABC1234; leave it out to use the built-in demo id.';

export class StartupError extends Error {}

/** Startup fails unless the id is in the public runtime config and looks like GTM-… or G-…
 * (uppercase letters and digits). The first line of each message is the original site's
 * text; the second names this project's own setting. */
export function assertTagManagerId(runtimeConfig: RuntimeConfig | undefined | null): string {
  if (!runtimeConfig) throw new StartupError(`runtimeConfig not found in nuxt.config.ts\n${OWN_SETTING}`);
  if (!runtimeConfig.public) throw new StartupError(`public not found in runtimeConfig\n${OWN_SETTING}`);
  const id = runtimeConfig.public.googleTagManagerID;
  if (!id || !TAG_MANAGER_ID.test(id)) {
    const got = id ? ` (GTM_ID is "${id}": expected GTM- or G- followed by uppercase letters and digits)` : '';
    throw new StartupError(`googleTagManagerID is empty or not found in runtimeConfig public in nuxt.config.ts.\n${OWN_SETTING}${got}`);
  }
  return id;
}

/** The public configuration; `publicOrigin`: PUBLIC_ORIGIN, or where the server listens
 * (server/public-origin.ts), known once it does. */
export function buildRuntimeConfig(env: Env, publicOrigin: string): RuntimeConfig & { public: PublicConfig } {
  const config = { public: { googleTagManagerID: env.GTM_ID, publicOrigin, loginProviders: env.LOGIN_PROVIDERS } };
  assertTagManagerId(config);
  return config;
}
