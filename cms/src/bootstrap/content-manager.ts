import type { Core } from '@strapi/strapi';
import { isDeepStrictEqual } from 'node:util';
import { CONTENT_TYPES, uidOf } from './content-types';
import { withLabels, type Configuration } from '../content-manager/with-labels';


/** The content types and components an editor edits: the site's content and every component. */
export function editedSchemas(strapi: Core.Strapi): Array<{ key: string; uid: string; attributes: Record<string, { type: string }> }> {
  const types = CONTENT_TYPES.map(uidOf).map((uid) => ({ key: `content_types::${uid}`, uid, attributes: (strapi.contentTypes as unknown as Record<string, { attributes: unknown }>)[uid]!.attributes as never }));
  const components = Object.entries(strapi.components).map(([uid, component]) => ({ key: `components::${uid}`, uid, attributes: component.attributes as never }));
  return [...types, ...components];
}

/**
 * The content manager's configuration of every edited type and component (Strapi keeps it in
 * its store; the content manager made it at its own start) brought to the labels in
 * src/content-manager/labels.ts. Only changed configurations are written.
 */
export async function ensureContentManagerLabels(strapi: Core.Strapi): Promise<void> {
  const store = strapi.store({ type: 'plugin', name: 'content_manager_configuration' });
  let changed = 0;
  for (const { key, uid, attributes } of editedSchemas(strapi)) {
    const current = (await store.get({ key })) as Configuration | null;
    if (!current) continue;
    const wanted = withLabels(uid, attributes, current, key.startsWith('components::'));
    if (isDeepStrictEqual(wanted, current)) continue;
    await store.set({ key, value: wanted });
    changed += 1;
  }
  if (changed > 0) strapi.log.info(`[bootstrap] content manager: Dutch labels on ${changed} type(s) and component(s)`);
}
