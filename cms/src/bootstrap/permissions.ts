import type { Core } from '@strapi/strapi';
import { CONTENT_TYPES, PUBLIC_PLUGIN_ACTIONS, readActions } from './content-types';

/**
 * What the public (unauthenticated) role may call: read every content type, render menus, list
 * locales. The q42 routes are public by their own `auth: false`. Submissions and donations are
 * left out on purpose: only the site's token may create and read them.
 */
export const PUBLIC_ACTIONS = [...CONTENT_TYPES.flatMap(readActions), ...PUBLIC_PLUGIN_ACTIONS];

export async function grantPublicPermissions(strapi: Core.Strapi): Promise<void> {
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' } });
  if (!role) throw new Error('users-permissions public role is missing');
  const permissions = strapi.db.query('plugin::users-permissions.permission');
  const existing = await permissions.findMany({ where: { role: role.id }, select: ['action'] });
  const have = new Set(existing.map((p: { action: string }) => p.action));
  const missing = PUBLIC_ACTIONS.filter((action) => !have.has(action));
  for (const action of missing) await permissions.create({ data: { action, role: role.id } });
  if (missing.length > 0) strapi.log.info(`[bootstrap] public role: granted ${missing.length} action(s)`);
}
