// The layouts the server keeps (docs/decisions/012-layout-rendered-once.md): each rendered once
// per key (which layout, the locale, the content it shows, the promoted event and the year:
// src/app/layouts/layout-tree.tsx) into its Flight payload, which the browser fetches once by id and
// keeps, and into its HTML on demand, once for each page path its menus mark and once for every
// other page. A page's own render is joined into that HTML (render-page.ts).
import { LRUCache } from 'lru-cache';
import type { Readable } from 'node:stream';
import type { LayoutSpec, RscApp } from '../../src/framework/entry.rsc';
import { renderLayoutHtml, type SsrOptions } from '../../src/framework/entry.ssr';
import { comparablePath, HREF_MARKS } from '../../src/routing/layout-slots';
import { readTags, withReadTags } from '../../src/content/read-tags';
import { capTags } from '../../src/content/cache-tags';
import { FLIGHT_CONTENT_TYPE, LAYOUT_PREFIX } from '../../src/routing/protocol';
import { CACHE } from '../http/cache-policies';
import { flightId, renderedPage, RENDER_MAX_AGE_MS, type RenderedPage } from './render-cache';

export type LayoutHtml = { before: string; after: string };

export type KeptLayout = {
  id: string;
  /** What it is kept under (layout-tree.tsx `layoutKey`). */
  key: string;
  /** Where the browser fetches it (`/_layout/<layout>/<locale>/<id>`), and how pages name it. */
  address: string;
  /** The Flight payload, as the layout's own answer (`/_layout/...`, immutable). */
  flight: RenderedPage;
  /** The comparable paths its menus link to. */
  paths: ReadonlySet<string>;
  /** What it was rendered from, as cache tags: a publish of any of them drops it. */
  tags: readonly string[];
  html: Map<string, Promise<LayoutHtml>>;
};

/** The path a kept layout's HTML is rendered for, for a page at `current`: the page's when a menu
 * links to it (it is marked), else one for every other page. */
export const sectionOf = (layout: KeptLayout, current: string): string => {
  const path = comparablePath(current);
  return layout.paths.has(path) ? path : '';
};

export function createKeptLayouts({ ssr, max = 64 }: { ssr: SsrOptions; max?: number }) {
  // Keyed by what the layout is rendered from; by id for the browser's fetch.
  const byKey = new LRUCache<string, Promise<KeptLayout>>({ max, ttl: RENDER_MAX_AGE_MS });
  const byId = new LRUCache<string, KeptLayout>({ max, ttl: RENDER_MAX_AGE_MS });

  async function render(app: RscApp, spec: LayoutSpec, key: string): Promise<KeptLayout> {
    // The layout's own reads, apart from the page that asked for it first.
    const { body, tags } = await withReadTags(async () => {
      // Its chrome read again (from the content cache) to note its tags; an outage notes none.
      await app.layoutSpec(spec.name, spec.locale).catch(() => undefined);
      return { body: await collect(app.renderLayout(spec)), tags: capTags(readTags()) };
    });
    const flight = renderedPage(200, `${FLIGHT_CONTENT_TYPE}; charset=utf-8`, CACHE.immutable, body);
    const id = flightId(flight);
    const layout: KeptLayout = { id, key, address: `${LAYOUT_PREFIX}/${spec.name}/${spec.locale}/${id}`, flight, paths: new Set(app.layoutPaths(spec)), tags, html: new Map() };
    byId.set(layout.id, layout);
    return layout;
  }

  function dropWhere(dropped: (layout: KeptLayout) => boolean): void {
    for (const [id, layout] of [...byId.entries()]) {
      if (!dropped(layout)) continue;
      byId.delete(id);
      byKey.delete(layout.key);
    }
  }

  return {
    /** The kept layout for `spec`, rendered now if it is not kept (one render for concurrent asks). */
    get(app: RscApp, spec: LayoutSpec): Promise<KeptLayout> {
      const key = app.layoutKey(spec);
      let kept = byKey.get(key);
      if (!kept) {
        kept = render(app, spec, key);
        byKey.set(key, kept);
        kept.catch(() => byKey.delete(key));
      }
      return kept;
    },
    /** A kept layout by its id (the browser's fetch). */
    byId: (id: string) => byId.get(id),
    /** The layout's HTML for a page at `current`, rendered on its first ask. */
    html(layout: KeptLayout, current: string): Promise<LayoutHtml> {
      const section = sectionOf(layout, current);
      let html = layout.html.get(section);
      if (!html) {
        // The marks stand where each page's own links go; a path no menu links to marks nothing.
        html = renderLayoutHtml(layout.flight.body, { current: section || HREF_MARKS.own, ...HREF_MARKS }, ssr);
        layout.html.set(section, html);
        html.catch(() => layout.html.delete(section));
      }
      return html;
    },
    /** Drops the layouts rendered from any of `tags` (a publish), as the render cache's `drop`; a
     * layout without tags goes with any. */
    drop(tags: readonly string[]): void {
      if (tags.length === 0) return;
      const wanted = new Set(tags);
      dropWhere((layout) => layout.tags.length === 0 || layout.tags.some((tag) => wanted.has(tag)));
    },
    /** Drops the layouts whose payload shows any of `needles` (a media file's text or file changed). */
    dropShowing(needles: readonly string[]): void {
      const wanted = needles.filter((n) => n.length > 0).map((n) => Buffer.from(n));
      dropWhere((layout) => wanted.some((n) => layout.flight.body.includes(n)));
    },
    clear(): void {
      byKey.clear();
      byId.clear();
    },
    get size() {
      return byId.size;
    },
  };
}

export type KeptLayouts = ReturnType<typeof createKeptLayouts>;

/** A page's own link in the layout's HTML, escaped as React escapes an attribute. */
const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '"': '&quot;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
const escapeAttribute = (value: string) => value.replace(/[&"'<>]/g, (c) => ATTRIBUTE_ESCAPES[c]!);

/** The layout's HTML with the page's own links where the marks stand. */
export function withPageLinks(html: string, links: { own: string; other: string }): string {
  return html.replaceAll(HREF_MARKS.own, escapeAttribute(links.own)).replaceAll(HREF_MARKS.other, escapeAttribute(links.other));
}

export async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}
