// nl is the first locale of a fresh database: read by the i18n plugin when it loads, after this file.
process.env.STRAPI_PLUGIN_I18N_INIT_LOCALE_CODE ||= 'nl';

import type { Core } from '@strapi/strapi';
import { secret } from '../src/utils/secrets';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Plugin => ({
  'users-permissions': {
    config: {
      jwtSecret: secret(env, 'JWT_SECRET'),
      // POST /api/auth/local answers { jwt, user } as Strapi 4 did.
      jwtManagement: 'legacy-support',
    },
  },
  i18n: { enabled: true },
  navigation: {
    enabled: true,
    config: {
      contentTypes: ['api::page.page'],
      contentTypesNameFields: { 'api::page.page': ['title'] },
      pathDefaultFields: { 'api::page.page': ['slug'] },
      contentTypesPopulate: {},
      allowedLevels: 3,
      additionalFields: [],
      cascadeMenuAttached: true,
      preferCustomContentTypes: false,
      gql: { navigationItemRelated: [] },
    },
  },
});

export default config;
