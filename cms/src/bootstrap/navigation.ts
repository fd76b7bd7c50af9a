import type { Core } from '@strapi/strapi';
import { isDeepStrictEqual } from 'node:util';
import { NAVIGATION_CONFIG } from '../navigation/config';

/**
 * The navigation plugin's stored configuration set to NAVIGATION_CONFIG (page links, three
 * levels) on every start: the plugin reads its configuration from the database, which on a new
 * database holds its own defaults, so config/plugins.ts alone never takes effect. Only written
 * when it differs; a change made in the plugin's settings screen is undone on the next start.
 */
export async function ensureNavigationConfig(strapi: Core.Strapi): Promise<void> {
  const store = strapi.store({ type: 'plugin', name: 'navigation' });
  const current = await store.get({ key: 'config' });
  if (isDeepStrictEqual(current, NAVIGATION_CONFIG)) return;
  await store.set({ key: 'config', value: NAVIGATION_CONFIG });
  strapi.log.info('[bootstrap] navigation: menu items link pages, 3 levels');
}
