// Every image the site shows has an alternative text: the site writes it as the image's `alt`,
// and a blind visitor hears nothing of an image without one. The upload screens cannot be made to
// ask for it before a file is stored (the media library uploads first and edits after), so the
// rule holds where it counts: a document is not published while an image it shows has no
// alternative text (its own, in the field beside the image, or the file's), and a file's text
// cannot be emptied. The messages say which file and where
// to fill it in. No Strapi import: the site's unit tests read it.

type Attribute = { type: string; component?: string; components?: string[] };
type Schemas = (uid: string) => { attributes: Record<string, Attribute> } | undefined;
export type Populate = true | { populate?: Record<string, Populate>; on?: Record<string, Populate> };

/** The `populate` that loads every media field of a content type, through its components and blocks. */
export function mediaPopulate(uid: string, schemaOf: Schemas): Record<string, Populate> {
  const populate: Record<string, Populate> = {};
  for (const [field, attribute] of Object.entries(schemaOf(uid)?.attributes ?? {})) {
    if (attribute.type === 'media') populate[field] = true;
    if (attribute.type === 'component' && attribute.component) {
      const inner = mediaPopulate(attribute.component, schemaOf);
      if (Object.keys(inner).length > 0) populate[field] = { populate: inner };
    }
    if (attribute.type === 'dynamiczone') {
      const on: Record<string, Populate> = {};
      for (const component of attribute.components ?? []) on[component] = { populate: mediaPopulate(component, schemaOf) };
      populate[field] = { on };
    }
  }
  return populate;
}

type File = { name?: unknown; url?: unknown; mime?: unknown; alternativeText?: unknown };
const isImage = (value: File) => typeof value.url === 'string' && typeof value.mime === 'string' && value.mime.startsWith('image/');
export const hasAltText = (text: unknown) => typeof text === 'string' && text.trim() !== '';

/** The field beside an image field that holds its text for one document and locale: `imageAlt`
 * beside `image`. Files have no locale, so an English page's text lives with the page. */
export const altFieldOf = (imageField: string) => `${imageField}Alt`;

/**
 * The names of the images in a populated document without an alternative text, each once. An
 * image has one when the document gives it one in the field beside it ({@link altFieldOf}) or
 * its file has one in the media library (the site shows the document's first).
 */
export function imagesWithoutAltText(document: unknown, found = new Set<string>()): string[] {
  if (Array.isArray(document)) document.forEach((value) => imagesWithoutAltText(value, found));
  else if (document && typeof document === 'object') {
    const holder = document as Record<string, unknown>;
    for (const [field, value] of Object.entries(holder)) {
      const images = (Array.isArray(value) ? value : [value]).filter((v): v is File => !!v && typeof v === 'object' && isImage(v as File));
      if (images.length === 0) {
        imagesWithoutAltText(value, found);
        continue;
      }
      if (hasAltText(holder[altFieldOf(field)])) continue;
      for (const image of images) if (!hasAltText(image.alternativeText)) found.add(String(image.name ?? image.url));
    }
  }
  return [...found];
}

export const ALT_TEXT_MESSAGES = {
  notPublished: (names: string[]) =>
    `Niet gepubliceerd: ${names.length === 1 ? 'de afbeelding' : 'de afbeeldingen'} ${names.map((n) => `"${n}"`).join(', ')} ${names.length === 1 ? 'heeft' : 'hebben'} geen alternatieve tekst. Beschrijf wat erop te zien is in het veld "Alternatieve tekst" bij de afbeelding (of in Media, voor elke pagina), en publiceer opnieuw. / Not published: ${names.join(', ')} ${names.length === 1 ? 'has' : 'have'} no alternative text. Describe what the image shows in the field beside it (or in the media library), then publish again.`,
  emptied: (name: string) =>
    `De alternatieve tekst van "${name}" kan niet leeg: de site toont de afbeelding met deze tekst aan wie haar niet kan zien. Beschrijf wat erop te zien is. / The alternative text of "${name}" cannot be empty: describe what the image shows.`,
};

/** A refusal of the rules above; turned into the admin's ValidationError where Strapi is at hand. */
export class AltTextMissing extends Error {
  override name = 'AltTextMissing';
}
