// The content manager's configuration with the editors' labels applied (src/content-manager/labels.ts).
// No Strapi import here: the site's unit tests check it before cms/ is installed.
import { labelOf, MAIN_FIELDS } from './labels';

type Metadata = { edit?: Record<string, unknown>; list?: Record<string, unknown> };
type Cell = { name: string; size: number };
export type Configuration = { settings?: Record<string, unknown>; metadatas?: Record<string, Metadata>; layouts?: { edit?: Cell[][]; [other: string]: unknown } };

/** Strapi's edit form is rows of 12 columns. */
const ROW = 12;

/**
 * The edit form with each image's text field (`imageAlt`) right after its image, in its row when
 * there is room, else on the next row: Strapi puts a field added to an existing type at the end
 * of the form, far from the picture it describes.
 */
export function altTextsBesideImages(attributes: Record<string, unknown>, rows: Cell[][]): Cell[][] {
  let out = rows.map((row) => [...row]);
  for (const image of Object.keys(attributes)) {
    const alt = `${image}Alt`;
    if (!(alt in attributes)) continue;
    const at = out.findIndex((row) => row.some((cell) => cell.name === image));
    if (at === -1) continue;
    const cell = out.flat().find((c) => c.name === alt) ?? { name: alt, size: 6 };
    out = out.map((row) => row.filter((c) => c.name !== alt));
    const row = out[at]!;
    const after = row.findIndex((c) => c.name === image) + 1;
    if (row.reduce((sum, c) => sum + c.size, 0) + cell.size <= ROW) row.splice(after, 0, cell);
    else out.splice(at + 1, 0, [cell]);
    out = out.filter((r) => r.length > 0);
  }
  return out;
}

/** A configuration with src/content-manager/labels.ts applied: labels, help texts, the name of a
 * collapsed block, and each image's text field beside the image. */
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
  const edit = config.layouts?.edit;
  const layouts = edit ? { layouts: { ...config.layouts, edit: altTextsBesideImages(attributes, edit) } } : {};
  return { ...config, settings, metadatas, ...layouts };
}

