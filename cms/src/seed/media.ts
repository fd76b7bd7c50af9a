import { createHash } from 'crypto';
import { copyFile, mkdir, stat, unlink } from 'fs/promises';
import path from 'path';
import type { Core } from '@strapi/strapi';
import { isMedia, type Json } from './snapshot';

/** What a file row keeps of a media object; a difference in any of these is another row. */
const FILE_FIELDS = ['documentId', 'name', 'alternativeText', 'caption', 'width', 'height', 'ext', 'mime', 'url'] as const;

export const mediaKey = (media: Json): string => JSON.stringify(FILE_FIELDS.map((field) => media[field] ?? null));

/**
 * The documentId of a further variant of a file: derived from the file's documentId and the
 * variant's fields, so every seed gives the same one (24 lowercase letters and digits, like
 * Strapi's own).
 */
export function variantDocumentId(media: Json): string {
  const digest = createHash('sha256').update(mediaKey(media)).digest();
  let id = '';
  for (const byte of digest) {
    if (id.length === 24) break;
    id += (byte % 36).toString(36);
  }
  return id;
}

/**
 * Creates the upload plugin's file rows for the snapshot's media. Drawings (SVG) are copied
 * into public/uploads, so each keeps its address (`/uploads/<name>`) and documentId;
 * photographs are uploaded through the upload plugin, which makes their `formats` (thumbnail,
 * small, medium, large) as for an editor's upload, and then keep their snapshot address too.
 *
 * Strapi keeps one alternative text per file, while the snapshot gives some files a different
 * text where they are used (the English pages describe the picture in English). Each distinct
 * text becomes its own file document with the same file and address, as an editor uploading the
 * picture again with the English text would make: the first keeps the snapshot's documentId,
 * the others get one derived from it ({@link variantDocumentId}); two rows cannot share a
 * documentId, since Strapi links media by document and every use would show the same text. Returns the row id per media object ({@link mediaKey}).
 */
export async function importMedia(strapi: Core.Strapi, media: Json[], uploadsDir: string): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const publicUploads = path.join(strapi.dirs.static.public, 'uploads');
  await mkdir(publicUploads, { recursive: true });
  const copied = new Set<string>();
  /** Photographs uploaded through the upload plugin, by file name: their row, for the further
   * rows of the same file with another alternative text. */
  const uploaded = new Map<string, Record<string, unknown>>();
  const documentIds = new Set<string>();
  for (const item of media) {
    if (!isMedia(item)) continue;
    const key = mediaKey(item);
    if (ids.has(key)) continue;
    const url = String(item.url);
    if (!url.startsWith('/uploads/')) throw new Error(`seed: media ${url} is not under /uploads/`);
    const fileName = path.basename(url);
    const source = path.join(uploadsDir, fileName);
    const size = (await stat(source)).size;
    const ext = typeof item.ext === 'string' ? item.ext : path.extname(fileName);
    const documentId = String(item.documentId);
    const firstVariant = !documentIds.has(documentId);
    documentIds.add(documentId);
    const ownDocumentId = firstVariant ? documentId : variantDocumentId(item);
    const texts = { alternativeText: item.alternativeText ?? null, caption: item.caption ?? null };

    if (PHOTO_MIME.has(String(item.mime))) {
      // A photograph goes through the upload plugin, as an editor's does: Strapi reads its
      // size and makes its formats (thumbnail, small, medium, large).
      let row = uploaded.get(fileName);
      if (!row) {
        const [created] = (await strapi
          .plugin('upload')
          .service('upload')
          .upload({ data: { fileInfo: { name: fileName, ...texts } }, files: { filepath: source, originalFilename: fileName, mimetype: item.mime, size } })) as Array<Record<string, unknown>>;
        // The file itself keeps the snapshot's name, address and bytes (the plugin stores a
        // re-encoded original), so the snapshot round-trips: npm run content:snapshot writes it
        // back unchanged. The formats keep the plugin's names.
        await unlink(path.join(publicUploads, path.basename(String(created!.url))));
        await copyFile(source, path.join(publicUploads, fileName));
        row = await strapi.db.query('plugin::upload.file').update({ where: { id: created!.id }, data: { documentId: ownDocumentId, url, hash: path.basename(fileName, ext) } });
        uploaded.set(fileName, row!);
      } else {
        const { id: _id, documentId: _doc, createdAt: _c, updatedAt: _u, publishedAt: _p, ...file } = row;
        row = await strapi.db.query('plugin::upload.file').create({ data: { ...file, ...texts, documentId: ownDocumentId } });
      }
      ids.set(key, Number(row!.id));
      continue;
    }

    if (!copied.has(fileName)) {
      await copyFile(source, path.join(publicUploads, fileName));
      copied.add(fileName);
    }
    const row = await strapi.db.query('plugin::upload.file').create({
      data: {
        documentId: ownDocumentId,
        name: item.name ?? fileName,
        ...texts,
        width: item.width ?? null,
        height: item.height ?? null,
        formats: null,
        hash: path.basename(fileName, ext),
        ext,
        mime: item.mime,
        size: Math.round((size / 1000) * 100) / 100,
        url,
        previewUrl: null,
        provider: 'local',
        provider_metadata: null,
        folderPath: '/',
      },
    });
    ids.set(key, row.id);
  }
  return ids;
}

/** What the upload plugin makes formats of (smaller copies at upload). */
const PHOTO_MIME = new Set(['image/jpeg', 'image/png', 'image/webp']);
