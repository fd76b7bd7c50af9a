// /sitemap.xml and /robots.txt, generated from content: every public page of both locales
// with its last change, and hreflang alternates where a record exists in both languages.
// Which collections have pages, and where each record's page is, comes from the path table.
import { ROBOTS_PATH, SITEMAP_PATH } from '../../src/routing/endpoints';
import express, { type Router } from 'express';
import { LEFT_OUT_PAGES, SITEMAP_COLLECTIONS, sitemapPath } from '../../src/routing/path-lookup';
import type { SiteContent, SitemapRecord } from '../../src/content/site-content';
import { LOCALES, localePath, type Locale } from '../../src/i18n/locale';
import { answering, text } from '../http/plain-answers';
import { EVERY_PUBLISH } from '../../src/content/cache-tags';

export type SitemapEntry = { loc: string; lastmod?: string; alternates: Array<{ locale: Locale; loc: string }> };

export function seoRoutes({ content, publicOrigin }: { content: SiteContent; publicOrigin: string }): Router {
  const origin = publicOrigin.replace(/\/+$/, '');
  const router = express.Router();

  router.get(ROBOTS_PATH, answering(() => text(200, `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`, { cache: 'robots' })));
  // A shared cache keeps the sitemap an hour: any publish may add, drop or date a page in it.
  router.get(SITEMAP_PATH, answering(async () => text(200, sitemapXml(await sitemapEntries(content, origin)), { contentType: 'application/xml', cache: 'sitemap', tags: EVERY_PUBLISH })));
  return router;
}

/** What the server renders ahead at startup: every sitemap page, then the fixed pages the
 * sitemap leaves out (log-in and account forms, a donor's thank-you page). Rendering them reads
 * every record they show into the content cache: their last known content through an outage. */
export async function renderAheadPaths(content: SiteContent, origin: string): Promise<string[]> {
  return [...(await sitemapEntries(content, origin)).map((entry) => new URL(entry.loc).pathname), ...LEFT_OUT_PAGES];
}

export async function sitemapEntries(content: SiteContent, origin: string): Promise<SitemapEntry[]> {
  const lists = await Promise.all(
    SITEMAP_COLLECTIONS.flatMap((collection) =>
      LOCALES.map(async (locale) => ({ collection, locale, records: await content.sitemapRecords(collection, locale) })),
    ),
  );
  // Locales of one document share its documentId: that is how translations find each other.
  const byDocument = new Map<string, Array<{ locale: Locale; loc: string }>>();
  const entries: Array<SitemapEntry & { key: string | null }> = [];
  for (const { collection, locale, records } of lists) {
    for (const record of records.filter(isPublic)) {
      const path = sitemapPath(collection, record.slug);
      if (path === null) continue;
      const loc = origin + localePath(locale, path);
      const key = record.documentId ? `${collection}:${record.documentId}` : null;
      if (key) byDocument.set(key, [...(byDocument.get(key) ?? []), { locale, loc }]);
      entries.push({ loc, lastmod: record.updatedAt ?? undefined, alternates: [], key });
    }
  }
  return entries.map(({ key, ...entry }) => {
    const versions = key ? (byDocument.get(key) ?? []) : [];
    return { ...entry, alternates: versions.length > 1 ? versions : [] };
  });
}

const isPublic = (record: SitemapRecord) => record.seo?.noIndex !== true;

export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lines = [`    <loc>${xmlEscape(entry.loc)}</loc>`];
    if (entry.lastmod) lines.push(`    <lastmod>${xmlEscape(entry.lastmod)}</lastmod>`);
    for (const alt of entry.alternates) {
      lines.push(`    <xhtml:link rel="alternate" hreflang="${alt.locale}" href="${xmlEscape(alt.loc)}"/>`);
    }
    return `  <url>\n${lines.join('\n')}\n  </url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function xmlEscape(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}
