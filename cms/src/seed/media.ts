import { copyFile, mkdir, stat, unlink } from 'fs/promises';
import path from 'path';
import type { Core } from '@strapi/strapi';
import { isMedia, type Json } from './snapshot';

/** What a file row keeps of a media object: every use of the file must agree on them. */
const FILE_FIELDS = ['name', 'alternativeText', 'caption', 'width', 'height', 'ext', 'mime', 'url'] as const;

/** The file row of a media object: one per file document. */
export const mediaKey = (media: Json): string => String(media.documentId);

/**
 * Creates the upload plugin's file rows for the snapshot's media, one per image. Drawings (SVG)
 * are copied into public/uploads, so each keeps its address (`/uploads/<name>`) and documentId;
 * photographs are uploaded through the upload plugin, which makes their `formats` (thumbnail,
 * small, medium, large) as for an editor's upload, and then keep their snapshot address too.
 *
 * A file keeps one alternative text and has no locale: the Dutch one. Where a page describes the
 * image otherwise (every English page, or a second Dutch use), the page's record holds its text
 * in the field beside the image (`imageAlt`), imported with the record. So every use of a file
 * must be the same media object; a second document for the same file, or one file row shown with
 * two texts, stops the seed rather than putting the picture in the library twice. Returns the
 * row id per file document ({@link mediaKey}).
 */
export async function importMedia(strapi: Core.Strapi, media: Json[], uploadsDir: string): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const publicUploads = path.join(strapi.dirs.static.public, 'uploads');
  await mkdir(publicUploads, { recursive: true });
  /** The first use of each file document and the document of each address, to refuse a second. */
  const seen = new Map<string, string>();
  const documentOf = new Map<string, string>();
  for (const item of media) {
    if (!isMedia(item)) continue;
    const key = mediaKey(item);
    const fields = JSON.stringify(FILE_FIELDS.map((field) => item[field] ?? null));
    if (seen.has(key)) {
      if (seen.get(key) !== fields) throw new Error(`seed: file ${key} (${String(item.url)}) is used with other fields (${fields} after ${seen.get(key)}); a page's own alternative text belongs in the field beside the image`);
      continue;
    }
    seen.set(key, fields);
    const url = String(item.url);
    if (!url.startsWith('/uploads/')) throw new Error(`seed: media ${url} is not under /uploads/`);
    const other = documentOf.get(url);
    if (other) throw new Error(`seed: ${url} is two file documents (${other}, ${key}); one file per image`);
    documentOf.set(url, key);
    const fileName = path.basename(url);
    const source = path.join(uploadsDir, fileName);
    const size = (await stat(source)).size;
    const ext = typeof item.ext === 'string' ? item.ext : path.extname(fileName);
    const documentId = key;
    const texts = { alternativeText: item.alternativeText ?? null, caption: item.caption ?? null };

    if (PHOTO_MIME.has(String(item.mime))) {
      // A photograph goes through the upload plugin, as an editor's does: Strapi reads its
      // size and makes its formats (thumbnail, small, medium, large).
      const [created] = (await strapi
        .plugin('upload')
        .service('upload')
        .upload({ data: { fileInfo: { name: fileName, ...texts } }, files: { filepath: source, originalFilename: fileName, mimetype: item.mime, size } })) as Array<Record<string, unknown>>;
      // The file itself keeps the snapshot's name, address and bytes (the plugin stores a
      // re-encoded original), so the snapshot round-trips: npm run content:snapshot writes it
      // back unchanged. The formats keep the plugin's names.
      await unlink(path.join(publicUploads, path.basename(String(created!.url))));
      await copyFile(source, path.join(publicUploads, fileName));
      const row = await strapi.db.query('plugin::upload.file').update({ where: { id: created!.id }, data: { documentId, url, hash: path.basename(fileName, ext) } });
      ids.set(key, Number(row!.id));
      continue;
    }

    await copyFile(source, path.join(publicUploads, fileName));
    const row = await strapi.db.query('plugin::upload.file').create({
      data: {
        documentId,
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
