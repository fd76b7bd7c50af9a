// The retention task as Strapi's cron runs it (config/server.ts; a file in config/ would be
// loaded as a config namespace of its own).
import type { Core } from '@strapi/strapi';
import { runRetention } from './purge';
import { retentionRules } from './rules';

export default function cronTasks(env: Core.Config.Shared.ConfigParams['env']) {
  // Read once at startup: a wrong period stops Strapi with the setting's name.
  const rules = retentionRules();
  return {
    retention: {
      task: ({ strapi }: { strapi: Core.Strapi }) => runRetention(strapi, rules),
      // Daily at 03:30 (server time) by default; RETENTION_CRON takes a cron rule (seconds allowed).
      options: { rule: env('RETENTION_CRON', '30 3 * * *') },
    },
  };
}
