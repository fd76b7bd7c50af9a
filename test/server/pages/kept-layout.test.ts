// A page renders only its own part (docs/decisions/012-layout-rendered-once.md): its layout is
// rendered once per key and kept, and the page's own render is joined into the layout's kept HTML.
// The class of defect this guards: a joined page that is not the document a whole render gives
// (a mark in the wrong place, an id or a link of another page, something the layout put in
// <head>), which a visitor would see, and on which the browser's hydration would fail.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import request from 'supertest';
import { sitemapEntries } from '../../../server/content/seo-routes';
import { collect, sectionOf } from '../../../server/pages/kept-layouts';
import { renderPageHtml } from '../../../src/framework/entry.ssr';
import { createRenderPage } from '../../../server/pages/render-page';
import { FLIGHT_LAYOUT_ATTRIBUTE } from '../../../src/routing/protocol';
import { testApp } from '../../support/test-app';

/** The HTML before the Flight block (which names the kept layout, or carries the payload inline). */
function documentOf(html: string): string {
  const block = html.search(/<script[^>]*\bdata-rsc\b/);
  assert.ok(block > 0, 'a Flight block');
  // A form's no-JavaScript time stamp is the render's moment.
  return html.slice(0, block).replace(/name="_ts" value="[^"]*"/g, 'name="_ts" value=""');
}

describe('a page joined with its kept layout is the whole document: the layout rendered once', () => {
  const site = testApp();
  const renderPage = createRenderPage({ rsc: site.rsc, build: site.build });

  async function both(path: string, query: Record<string, unknown> = {}) {
    const resolution = await site.rsc.resolve(path, query);
    assert.equal(resolution.kind, 'page', path);
    if (resolution.kind !== 'page') throw new Error(path);
    const kept = await renderPage({ resolution, wantsFlight: false });
    // `from` renders the layout inline, with the page, in one render (as the editor preview does).
    const whole = await renderPage({ resolution, wantsFlight: false, from: site.rsc });
    return { kept: kept.body.toString('utf8'), whole: whole.body.toString('utf8'), resolution };
  }

  test('every sitemap page of both languages and both layouts, a 404, a search with its query and an address with a query', async () => {
    const paths = (await sitemapEntries(site.content, 'http://localhost:3000')).map((e) => new URL(e.loc).pathname);
    assert.ok(paths.some((p) => p.startsWith('/en')), 'both languages');
    // The test flow (its own layout) is left out of the sitemap.
    const cases: Array<[string, Record<string, unknown>]> = [...paths.map((p): [string, Record<string, unknown>] => [p, {}]), ['/doe-de-test/start', {}], ['/bestaat-niet', {}], ['/en/does-not-exist', {}], ['/locaties', { postcode: '4001 LK', age: '15' }], ['/blog', { pagina: '2' }]];
    const layouts = new Set<string>();
    for (const [path, query] of cases) {
      const { kept, whole, resolution } = await both(path, query);
      layouts.add(`${resolution.layout.name} ${resolution.layout.locale}`);
      assert.ok(kept.includes(`${FLIGHT_LAYOUT_ATTRIBUTE}="/_layout/`), `${path} names its kept layout`);
      assert.ok(!whole.includes(FLIGHT_LAYOUT_ATTRIBUTE), `${path}: the whole render has its layout inline`);
      assert.equal(documentOf(kept), documentOf(whole), `${path} ${JSON.stringify(query)}: the same document`);
      assert.ok(!/data-joinus-|__joinus-/.test(kept), `${path}: no mark left`);
    }
    // One kept layout per layout and language, whatever the number of pages.
    assert.deepEqual([...layouts].sort(), ['default en', 'default nl', 'doe-de-test nl']);
    assert.equal(renderPage.layouts.size, layouts.size);
  });

  test("the layout's per-page parts are the page's: its marked menu item, its language links with its query", async () => {
    const { kept } = await both('/locaties', { postcode: '4001 LK', age: '15' });
    assert.match(kept, /<a class="site-nav-dropdown-link is-active" href="\/locaties" aria-current="page">/);
    assert.match(kept, /<li class="site-nav-item has-dropdown is-trail"><a class="site-nav-link is-active" href="\/hoe-werkt-het">/, 'its parent in the trail');
    assert.match(kept, /class="icon-link flag-link"/);
    assert.match(kept, /href="\/en\/locaties\?postcode=4001\+LK&amp;age=15&amp;taal=en"/, 'the flag carries the query, escaped');
    const other = await both('/over-ons');
    assert.doesNotMatch(other.kept, /href="\/locaties" aria-current/);
    assert.match(other.kept, /href="\/over-ons" aria-current="page"/);
    // A page no menu links to shares the layout's HTML with every other such page: nothing marked.
    const post = await both('/blog/lotte-ik-dacht-dat-ik-de-enige-was');
    assert.doesNotMatch(post.kept, /aria-current="page"/);
    const layout = await renderPage.layouts.get(site.rsc, post.resolution.layout);
    assert.equal(sectionOf(layout, '/blog/lotte-ik-dacht-dat-ik-de-enige-was'), '');
    assert.equal(sectionOf(layout, '/over-ons/'), '/over-ons');
  });

  test('a navigation fetches the page without the layout; the browser fetches the layout once by its address, immutable', async () => {
    const home = await request(site.app).get('/').expect(200);
    const address = /data-layout="([^"]+)"/.exec(home.text)?.[1] ?? '';
    assert.ok(address.startsWith('/_layout/default/nl/'), 'the page names its layout');
    const layout = await request(site.app).get(address).set('Accept', 'text/x-component').expect(200);
    assert.match(layout.headers['content-type']!, /text\/x-component/);
    assert.match(layout.headers['cache-control']!, /immutable/);
    assert.equal(layout.headers.vary, 'Accept-Encoding', 'a shared cache keeps one per encoding');
    assert.ok(layout.text.includes('legal-copyright'), 'the footer is in the layout');
    for (const path of ['/', '/over-ons', '/en', '/doe-de-test/start']) {
      const nav = await request(site.app).get(`${path}?_rsc=1`).expect(200);
      assert.ok(!nav.text.includes('legal-copyright') && !nav.text.includes('skip-link'), `${path}: the footer and the header are not in the page's payload`);
      assert.match(nav.text, /"layout":"\/_layout\//, `${path}: the payload names its layout`);
    }
    // An id the server does not have (the content changed, another build): not found, not kept.
    const gone = await request(site.app).get('/_layout/default/nl/AAAAAAAAAAAAAAAAAAAAAA').expect(404);
    assert.equal(gone.headers['cache-control'], 'no-store');
    await request(site.app).get('/_layout/nope/xx/AAAAAAAAAAAAAAAAAAAAAA').expect(404);
    await request(site.app).get(`${address}/more`).expect(404);
  });

  test('a publish of the menus drops the kept layouts, the rest of the content keeps them', async () => {
    const resolution = await site.rsc.resolve('/', {});
    if (resolution.kind !== 'page') throw new Error('/');
    const before = await renderPage.layouts.get(site.rsc, resolution.layout);
    assert.ok(before.tags.length > 0, `tags ${before.tags.join(' ')}`);
    renderPage.layouts.drop(['blog-post:nothing-here']);
    assert.ok(renderPage.layouts.byId(before.id), 'an unrelated publish keeps it');
    renderPage.layouts.drop([before.tags[0]!]);
    assert.equal(renderPage.layouts.byId(before.id), undefined, 'a publish of what it shows drops it');
    const after = await renderPage.layouts.get(site.rsc, resolution.layout);
    assert.notEqual(after, before, 'rendered again');
    assert.equal(after.id, before.id, 'from the same content: the same payload, the same id');
  });
});

describe("the HTML of React's two server renderers is one document: renderToString, which the server uses, and the streaming renderer it falls back on", () => {
  const site = testApp();
  test("pages with an image preload, a form, a map, the test flow: the same document, the payload's hints (stylesheet, image) in <head> as the streaming renderer puts them", async () => {
    const renderPage = createRenderPage({ rsc: site.rsc, build: site.build });
    for (const path of ['/', '/academy', '/locaties', '/contact', '/doe-de-test/start', '/en']) {
      const resolution = await site.rsc.resolve(path, {});
      if (resolution.kind !== 'page') throw new Error(path);
      const layout = await renderPage.layouts.get(site.rsc, resolution.layout);
      const flight = await collect(site.rsc.render(resolution, { id: layout.address }));
      const ssr = (api: 'string' | 'stream') => renderPageHtml(flight, { ssrManifest: site.build.ssrManifest, api });
      const [asString, asStream] = await Promise.all([ssr('string'), ssr('stream')]);
      assert.equal(asString, asStream, path);
      assert.match(asString, /<link rel="preload" href="\/assets\/main\.[\w]+\.css" as="style"\/>/, `${path}: the stylesheet hint`);
    }
  });
});
