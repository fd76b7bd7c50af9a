import type { Core } from '@strapi/strapi';

const config: Core.Config.Api = {
  rest: {
    defaultLimit: 25,
    maxLimit: 100,
    withCount: true,
    // Unknown query keys answer 400, as the site's embedded snapshot does.
    strictParams: true,
  },
};

export default config;
