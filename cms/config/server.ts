import type { Core } from '@strapi/strapi';
import { secretList } from '../src/utils/secrets';
import cronTasks from '../src/retention/cron-task';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Server => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
  // The address Strapi is reached at from outside (links in the admin, upload URLs); optional.
  url: env('PUBLIC_URL', ''),
  // The folder Strapi serves and keeps its uploads in (public/uploads/); relative to cms/.
  dirs: { public: env('PUBLIC_DIR', './public') },
  proxy: env.bool('IS_PROXIED', false),
  app: { keys: secretList(env, 'APP_KEYS') },
  // No update check to the internet.
  logger: { updates: { enabled: false }, startup: { enabled: true } },
  webhooks: { populateRelations: env.bool('WEBHOOKS_POPULATE_RELATIONS', false) },
  // The retention task deletes visitors' records past their period (src/retention/rules.ts).
  cron: { enabled: env.bool('RETENTION_ENABLED', true), tasks: cronTasks(env) },
});

export default config;
