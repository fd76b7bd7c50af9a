// nl is the first locale of a fresh database: read by the i18n plugin when it loads, after this file.
process.env.STRAPI_PLUGIN_I18N_INIT_LOCALE_CODE ||= 'nl';

import type { Core } from '@strapi/strapi';
import { NAVIGATION_CONFIG } from '../src/navigation/config';
import { secret } from '../src/utils/secrets';
import { isSiteCall } from '../src/accounts/site-calls';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Plugin => ({
  'users-permissions': {
    config: {
      jwtSecret: secret(env, 'JWT_SECRET'),
      // POST /api/auth/local answers { jwt, user } as Strapi 4 did.
      jwtManagement: 'legacy-support',
      // Strapi's own limit per address (its defaults), but not for the site's calls made for its
      // visitors, which all come from the site's address; the site limits each client itself
      // (src/accounts/site-calls.ts).
      ratelimit: { interval: 60_000, max: 10, skip: (ctx: Parameters<typeof isSiteCall>[0]) => isSiteCall(ctx) },
    },
  },
  // Account mails (confirmation, reset). The installed sendmail provider delivers straight to
  // SMTP_HOST:SMTP_PORT when SMTP_PORT is set (a relay, or the tests' SMTP server); without it,
  // to each recipient's mail exchanger as before.
  email: {
    config: {
      provider: 'sendmail',
      providerOptions: env('SMTP_PORT', '') ? { devHost: env('SMTP_HOST', '') || '127.0.0.1', devPort: env.int('SMTP_PORT') } : {},
      settings: { defaultFrom: env('MAIL_FROM', 'no-reply@stichtingjoinus.nl'), defaultReplyTo: env('MAIL_FROM', 'no-reply@stichtingjoinus.nl') },
    },
  },
  i18n: { enabled: true },
  // Also written to the database on every start (src/bootstrap/navigation.ts): the plugin
  // prefers what it stored there.
  navigation: { enabled: true, config: NAVIGATION_CONFIG },
});

export default config;
