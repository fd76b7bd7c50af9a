import type { Core, UID } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { CONTENT_TYPES, uidOf } from '../bootstrap/content-types';
import { ALT_TEXT_MESSAGES, hasAltText, imagesWithoutAltText, mediaPopulate } from './alt-text';

const CONTENT = new Set<string>(CONTENT_TYPES.map(uidOf));
const FILE = 'plugin::upload.file';

/**
 * The alternative-text rules of alt-text.ts in Strapi: publishing a page, post or any other
 * content with an image that has no alternative text is refused with the file's name (a Document
 * Service middleware, so the admin's "Publiceer" shows the message), and emptying an image's text
 * in the media library is refused (a lifecycle on the upload plugin's files).
 */
export function checkAltTextsOnPublish(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    if (context.action !== 'publish' || !CONTENT.has(context.uid)) return next();
    const { documentId, locale } = context.params as { documentId?: string; locale?: string | string[] };
    if (!documentId) return next();
    const schemaOf = (uid: string) => (strapi.contentTypes[uid as UID.ContentType] ?? strapi.components[uid as UID.Component]) as never;
    const drafts = await strapi.documents(context.uid).findMany({
      filters: { documentId },
      status: 'draft',
      ...(typeof locale === 'string' ? { locale } : {}),
      populate: mediaPopulate(context.uid, schemaOf),
    } as never);
    const missing = imagesWithoutAltText(drafts);
    if (missing.length > 0) throw new errors.ValidationError(ALT_TEXT_MESSAGES.notPublished(missing));
    return next();
  });
}

export function keepAltTextsOfImages(strapi: Core.Strapi): void {
  strapi.db.lifecycles.subscribe({
    models: [FILE],
    async beforeUpdate(event) {
      const data = event.params.data as Record<string, unknown> | undefined;
      if (!data || !('alternativeText' in data) || hasAltText(data.alternativeText)) return;
      const file = (await strapi.db.query(FILE).findOne({ where: event.params.where, select: ['name', 'mime'] })) as { name?: string; mime?: string } | null;
      if (file?.mime?.startsWith('image/')) throw new errors.ValidationError(ALT_TEXT_MESSAGES.emptied(file.name ?? ''));
    },
  });
}
