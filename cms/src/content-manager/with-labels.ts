// The content manager's configuration with the editors' labels applied (src/content-manager/labels.ts).
// No Strapi import here: the site's unit tests check it before cms/ is installed.
import { labelOf, MAIN_FIELDS } from './labels';

type Metadata = { edit?: Record<string, unknown>; list?: Record<string, unknown> };
export type Configuration = { settings?: Record<string, unknown>; metadatas?: Record<string, Metadata> };

/** A configuration with src/content-manager/labels.ts applied: labels, help texts, the name of a collapsed block. */
export function withLabels(uid: string, attributes: Record<string, unknown>, config: Configuration, isComponent: boolean): Configuration {
  const metadatas = { ...config.metadatas };
  for (const field of Object.keys(attributes)) {
    const wanted = labelOf(uid, field);
    if (!wanted) continue;
    const current = metadatas[field] ?? {};
    metadatas[field] = {
      ...current,
      edit: { ...current.edit, label: wanted.label, description: wanted.description ?? '' },
      list: { ...current.list, label: wanted.label },
    };
  }
  const settings = { ...config.settings };
  if (isComponent) {
    const main = MAIN_FIELDS[uid] ?? ('title' in attributes ? 'title' : 'name' in attributes ? 'name' : undefined);
    if (main) settings.mainField = main;
  }
  return { ...config, settings, metadatas };
}

