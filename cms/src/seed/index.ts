import path from 'path';
import type { Core } from '@strapi/strapi';
import { importMedia } from './media';
import { importNavigation, MENUS } from './navigation';
import { importDocuments, RecordInput } from './records';
import { mediaIn, Snapshot, type Json } from './snapshot';

/** In dependency order: a record's relations point to documents created before it. */
const COLLECTIONS: Array<[rest: string, uid: string]> = [
  ['districts', 'api::district.district'],
  ['partners', 'api::partner.partner'],
  ['team-members', 'api::team-member.team-member'],
  ['locations', 'api::location.location'],
  ['courses', 'api::course.course'],
  ['vacancies', 'api::vacancy.vacancy'],
  ['blog-posts', 'api::blog-post.blog-post'],
  ['events', 'api::event.event'],
  ['pages', 'api::page.page'],
];
const SINGLES: Array<[rest: string, uid: string]> = [
  ['global', 'api::global.global'],
  ['loneliness-test', 'api::loneliness-test.loneliness-test'],
];

/** SEED_DIR, or the repository's content/ folder next to cms/. */
export function seedDir(strapi: Core.Strapi): string {
  return path.resolve(process.env.SEED_DIR || path.join(strapi.dirs.app.root, '..', 'content'));
}

/**
 * On a database without pages, imports the site's embedded content: media, every record in
 * both locales (published, with the snapshot's documentIds and dates), the single types, the
 * menus and the locales' own ids and dates. One transaction: a failure stops the start and
 * leaves the database as it was, so the next start seeds again.
 */
export async function seed(strapi: Core.Strapi): Promise<void> {
  const existing = await strapi.db.query('api::page.page').count({});
  if (existing > 0) return;
  const snapshot = new Snapshot(seedDir(strapi));
  if (!snapshot.exists()) {
    strapi.log.warn(`[seed] no snapshot in ${snapshot.dir}: starting empty`);
    return;
  }
  const started = Date.now();
  const summary = await strapi.db.transaction(() => importSnapshot(strapi, snapshot));
  strapi.log.info(`[seed] ${summary} in ${Date.now() - started} ms`);
}

async function importSnapshot(strapi: Core.Strapi, snapshot: Snapshot): Promise<string> {
  const locales = snapshot.locales().map((l) => String(l.code));
  const ordered = ['nl', ...locales.filter((l) => l !== 'nl')];
  strapi.log.info(`[seed] importing ${snapshot.dir} (${ordered.join(', ')})`);

  const everything: unknown[] = [];
  for (const locale of ordered) {
    for (const [rest] of COLLECTIONS) everything.push(snapshot.collection(locale, rest));
    for (const [rest] of SINGLES) everything.push(snapshot.single(locale, rest));
  }
  const mediaIds = await importMedia(strapi, mediaIn(everything), snapshot.uploadsDir);
  const input = new RecordInput(strapi, mediaIds);

  let records = 0;
  for (const [rest, uid] of [...COLLECTIONS, ...SINGLES]) {
    const byLocale = ordered.map((locale) => {
      const isSingle = SINGLES.some(([name]) => name === rest);
      const single = isSingle ? snapshot.single(locale, rest) : undefined;
      return { locale, records: isSingle ? (single ? [single] : []) : snapshot.collection(locale, rest) };
    });
    records += await importDocuments(strapi, input, uid, byLocale);
  }

  const menus = ordered.flatMap((locale) =>
    MENUS.flatMap((name) => {
      const items = snapshot.navigation(locale, name);
      return items ? [{ locale, name, items }] : [];
    }),
  );
  const items = await importNavigation(strapi, menus);
  await keepLocaleIdentity(strapi, snapshot.locales());

  return `${mediaIds.size} file rows, ${records} records, ${menus.length} menus (${items} items)`;
}

async function keepLocaleIdentity(strapi: Core.Strapi, locales: Json[]): Promise<void> {
  for (const locale of locales) {
    await strapi.db.query('plugin::i18n.locale').updateMany({
      where: { code: locale.code },
      data: {
        documentId: locale.documentId,
        name: locale.name,
        createdAt: locale.createdAt,
        updatedAt: locale.updatedAt,
        publishedAt: locale.publishedAt,
      },
    });
  }
}
