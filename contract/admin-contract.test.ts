// The editors' side of the real Strapi of `cms/` (issue 29), with the site in front: the
// navigation plugin configured from code, menu items the site cannot show refused with a
// message, and what an editor's save makes the site purge.
//
// Run: `npm run test:contract -- contract/admin-contract.test.ts` (after `npm run build`). The
// tests run in order and share the processes.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parsePrometheusText, valueOf } from '../test/support/prometheus-text';
import { ADMIN, REDACTEUR, freePort, logWritten, startSite, startStrapi, strapiEnvIn, waitFor, type Running } from './support/processes';
import { seedingLog } from './support/seeded-strapi';

const work = mkdtempSync(path.join(tmpdir(), 'joinus-admin-contract-'));
const token = randomBytes(32).toString('hex');
const webhookSecret = randomBytes(24).toString('hex');
const previewSecret = randomBytes(24).toString('hex');
const PAGE = 'api::page.page';

let strapiPort = 0;
let sitePort = 0;
let strapi: Running;
let site: Running;
const strapiEnv = () => strapiEnvIn(work, { port: strapiPort, sitePort, token, webhookSecret, previewSecret }, { env: { EDITOR_EMAIL: REDACTEUR.email, EDITOR_PASSWORD: REDACTEUR.password } });

type Answer = { status: number; body: any };

/** The admin panel's API as a logged-in editor calls it (the navigation plugin's screens). */
const sessions = new Map<string, string>();
async function admin(account: { email: string; password: string } = ADMIN): Promise<(p: string, method?: string, body?: unknown) => Promise<Answer>> {
  // Strapi allows a few log-ins a minute per account: one per account and Strapi process.
  const key = `${strapi.url} ${strapi.child.pid} ${account.email}`;
  let jwt = sessions.get(key);
  if (!jwt) {
    const login = await fetch(`${strapi.url}/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(account) });
    const session = (await login.json()) as { data?: { token?: string; accessToken?: string } };
    jwt = session.data?.token ?? session.data?.accessToken;
    assert.ok(jwt, `admin login: ${login.status}`);
    sessions.set(key, jwt);
  }
  return async (p, method = 'GET', body) => {
    const form = body instanceof FormData;
    const res = await fetch(`${strapi.url}${p}`, {
      method,
      headers: { Authorization: `Bearer ${jwt}`, ...(form ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
}

type MenuItem = { type: string; title: string; path: string | null; externalPath?: string | null; items?: MenuItem[] };

async function tree(menu: string, locale: string): Promise<MenuItem[]> {
  const res = await fetch(`${strapi.url}/api/navigation/render/${menu}?type=TREE&locale=${locale}`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200);
  return (await res.json()) as MenuItem[];
}

/** A new item as the plugin's item form sends it: INTERNAL with the page's slug as its path. */
function newItem(fields: Record<string, unknown>) {
  const key = `test-${randomBytes(3).toString('hex')}`;
  return { uiRouterKey: key, menuAttached: true, order: 99, collapsed: false, autoSync: false, additionalFields: {}, audience: [], items: [], ...fields };
}

const BLOG = 'api::blog-post.blog-post';
/** A 4 by 4 red PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg==', 'base64');

async function get(p: string): Promise<{ status: number; html: string; etag: string | null }> {
  const res = await fetch(`${site.url}${p}`, { redirect: 'manual', signal: AbortSignal.timeout(20_000) });
  return { status: res.status, html: await res.text(), etag: res.headers.get('etag') };
}

/** The site's content cache entries (its /metrics, for operators) and the ETags of pages: a page
 * rendered again has another (its form's time stamp differs). */
async function siteState(pages: string[]): Promise<{ entries: number; etags: Array<string | null> }> {
  const metrics = parsePrometheusText(await (await fetch(`${site.url}/metrics`)).text());
  const etags: Array<string | null> = [];
  for (const p of pages) etags.push((await get(p)).etag);
  return { entries: valueOf(metrics, 'joinus_content_cache_entries') ?? -1, etags };
}

/** The site's log lines about the webhook with this message. */
function webhookLines(msg: string): Array<Record<string, any>> {
  return site
    .log()
    .split('\n')
    .filter((l) => l.includes(msg))
    .map((l) => JSON.parse(l) as Record<string, any>);
}

async function blogPost() {
  const slug = 'nieuwe-groep-in-geldermalsen';
  const res = await fetch(`${strapi.url}/api/blog-posts?filters[slug][$eq]=${slug}&locale=nl&populate=cover`, { headers: { Authorization: `Bearer ${token}` } });
  const post = ((await res.json()) as { data: Array<{ documentId: string; title: string; cover: { id: number; name: string; alternativeText: string | null; caption: string | null } }> }).data[0]!;
  return { ...post, page: `/blog/${slug}` };
}

async function checkNavigationConfig(): Promise<void> {
  const api = await admin();
  const config = await api('/navigation/config');
  assert.equal(config.status, 200);
  assert.deepEqual(config.body.contentTypes.map((t: { uid: string }) => t.uid), [PAGE]);
  assert.equal(config.body.allowedLevels, 3);
  const pages = await api(`/navigation/content-type-items/${PAGE}?locale=nl`);
  assert.ok(pages.body.some((p: { slug: string }) => p.slug === 'eenzaamheid/gevolgen'), 'the item form offers the pages');
}

describe('editors in the real Strapi admin', { concurrency: false }, () => {
  before(async () => {
    strapiPort = await freePort();
    sitePort = await freePort();
    const started = Date.now();
    strapi = await startStrapi(strapiEnv());
    console.log(`# Strapi started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    site = await startSite({ port: sitePort, dataDir: path.join(work, 'site-data'), logFile: path.join(work, 'site.log'), strapi: { url: strapi.url, token, webhookSecret, previewSecret } });
  });

  after(async () => {
    await Promise.all([site?.stop(), strapi?.stop()]);
    if (process.env.CONTRACT_KEEP !== '1') rmSync(work, { recursive: true, force: true });
    else console.log(`# kept ${work}`);
  });

  test('the navigation plugin links pages, three levels deep: the item form offers the pages', async () => {
    await checkNavigationConfig();
  });

  test("a menu item linking a page is saved with the page's site path and shows in the site's menu", async () => {
    const api = await admin();
    const navs = (await api('/navigation/?locale=nl')).body as Array<{ documentId: string; slug: string; locale: string; items: unknown[] }>;
    const legal = navs.find((n) => n.slug === 'legal' && n.locale === 'nl')!;
    const pages = (await api(`/navigation/content-type-items/${PAGE}?locale=nl`)).body as Array<{ documentId: string; slug: string }>;
    const vacancies = pages.find((p) => p.slug === 'vacatures')!;
    const saved = await api(`/navigation/${legal.documentId}`, 'PUT', {
      ...legal,
      items: [...legal.items, newItem({ title: 'Werken bij', type: 'INTERNAL', path: 'vacatures', related: { __type: PAGE, documentId: vacancies.documentId } })],
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const item = (await tree('legal', 'nl')).find((i) => i.title === 'Werken bij');
    assert.equal(item?.path, '/vacatures');
    // In the English menu, an English page: the form sends its slug, the site shows it under /en.
    const legalEn = navs.find((n) => n.slug === 'legal' && n.locale === 'en')!;
    const about = ((await api(`/navigation/content-type-items/${PAGE}?locale=en`)).body as Array<{ documentId: string; slug: string }>).find((p) => p.slug === 'about')!;
    const savedEn = await api(`/navigation/${legalEn.documentId}`, 'PUT', {
      ...legalEn,
      items: [...legalEn.items, newItem({ title: 'Who we are', type: 'INTERNAL', path: 'about', related: { __type: PAGE, documentId: about.documentId } })],
    });
    assert.equal(savedEn.status, 200, JSON.stringify(savedEn.body));
    assert.equal((await tree('legal', 'en')).find((i) => i.title === 'Who we are')?.path, '/en/about');
    await waitFor('the item in the site footer', async () => /<a [^>]*href="\/vacatures"[^>]*>Werken bij</.test(await (await fetch(`${site.url}/contact`)).text()), 5_000);
  });

  test('an item the site cannot show is refused with a message saying what to do, and the menu stays as it was', async () => {
    const api = await admin();
    const navs = (await api('/navigation/?locale=nl')).body as Array<{ documentId: string; slug: string; locale: string; items: unknown[] }>;
    const legal = navs.find((n) => n.slug === 'legal' && n.locale === 'nl')!;
    const before = await tree('legal', 'nl');
    const tries: Array<[Record<string, unknown>, RegExp]> = [
      [{ title: 'Vacatures', type: 'EXTERNAL', path: '/over-ons/vacatures', externalPath: '/over-ons/vacatures' }, /volledig adres.*https:\/\/.*kies het type Internal en kies de pagina/],
      [{ title: 'Over ons', type: 'INTERNAL', path: '/over-ons' }, /Kies de pagina waar dit menu-item naar linkt/],
      [{ title: 'Kopje', type: 'WRAPPER', path: null }, /De site toont geen menu-items zonder link/],
      [{ title: 'Verborgen', type: 'EXTERNAL', externalPath: 'https://shop.stichtingjoinus.nl', menuAttached: false }, /"Verborgen" staat op "Attach to menu: No"/],
    ];
    for (const [fields, message] of tries) {
      const answer = await api(`/navigation/${legal.documentId}`, 'PUT', { ...legal, items: [...legal.items, newItem(fields)] });
      assert.equal(answer.status, 400, JSON.stringify(answer.body));
      assert.equal(answer.body.error.name, 'BadRequestError');
      assert.match(answer.body.error.message, message);
    }
    assert.deepEqual(await tree('legal', 'nl'), before);
  });

  test("a saved draft leaves the site's caches as they were: no purge, the same rendered pages, nothing fetched again", async () => {
    const post = await blogPost();
    for (const p of [post.page, '/contact', '/blog']) await get(p);
    const before = await siteState([post.page, '/contact', '/blog']);
    await logWritten();
    const quiet = webhookLines('content webhook: nothing to purge').length;
    const api = await admin();
    const draftTitle = `Concept ${randomBytes(3).toString('hex')}`;
    const saved = await api(`/content-manager/collection-types/${BLOG}/${post.documentId}?locale=nl`, 'PUT', { title: draftTitle });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    try {
      await waitFor('the webhook told about the draft', async () => webhookLines('content webhook: nothing to purge').length > quiet, 5_000);
      const line = webhookLines('content webhook: nothing to purge').at(-1)!;
      assert.deepEqual([line.event, line.model, line.dropped, line.unchanged], ['entry.update', 'blog-post', 0, 'a draft: nothing public changed']);
      const after = await siteState([post.page, '/contact', '/blog']);
      assert.deepEqual(after.etags, before.etags, 'the same rendered pages (their ETags: a page rendered again has another)');
      // The site renders its sitemap ahead after starting, which may still be adding answers.
      assert.ok(after.entries >= before.entries, `no answer dropped (${before.entries} before, ${after.entries} after)`);
      assert.ok(!(await get(post.page)).html.includes(draftTitle));
    } finally {
      const discarded = await api(`/content-manager/collection-types/${BLOG}/${post.documentId}/actions/discard?locale=nl`, 'POST', {});
      assert.equal(discarded.status, 200, JSON.stringify(discarded.body));
    }
  });

  test('an upload purges nothing; a new alternative text purges only the answers and pages that show the file, and shows on them within 2 seconds', async () => {
    const post = await blogPost();
    const cover = post.cover;
    assert.ok(cover?.id, 'the post has a cover');
    for (const p of [post.page, '/contact']) await get(p);
    const contactBefore = (await siteState(['/contact'])).etags;
    const api = await admin();
    await logWritten();
    const quiet = webhookLines('content webhook: nothing to purge').length;
    // An upload: a file no record uses yet.
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'rood.png');
    form.append('fileInfo', JSON.stringify({ alternativeText: 'Een rood vierkant', name: 'rood.png' }));
    const uploaded = await api('/upload', 'POST', form);
    assert.ok([200, 201].includes(uploaded.status), JSON.stringify(uploaded.body));
    await waitFor('the webhook told about the upload', async () => webhookLines('content webhook: nothing to purge').length > quiet, 5_000);
    assert.equal(webhookLines('content webhook: nothing to purge').at(-1)!.unchanged, 'a new file: no page shows it yet');
    // The cover's alternative text, as the media library's edit dialog saves it.
    await logWritten();
    const purged = webhookLines('content webhook: cache invalidated').length;
    const entriesBefore = (await siteState([])).entries;
    const alt = `Jongeren in Geldermalsen ${randomBytes(3).toString('hex')}`;
    const edit = async (alternativeText: string) => {
      const info = new FormData();
      info.append('fileInfo', JSON.stringify({ alternativeText, name: cover.name, caption: cover.caption ?? null }));
      const answer = await api(`/upload?id=${cover.id}`, 'POST', info);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
    };
    const started = Date.now();
    await edit(alt);
    try {
      await waitFor('the new alternative text on the post', async () => (await get(post.page)).html.includes(`alt="${alt}"`), 2_000);
      console.log(`# alternative text on the page ${Date.now() - started} ms after saving`);
      await logWritten();
      const line = webhookLines('content webhook: cache invalidated').slice(purged).find((l) => l.event === 'media.update')!;
      assert.ok(line, 'a media.update purge');
      assert.equal(line.all, false);
      assert.ok(line.dropped > 0 && line.dropped < entriesBefore, `only the answers showing the file (${line.dropped} of ${entriesBefore})`);
      assert.deepEqual((await siteState(['/contact'])).etags, contactBefore, 'a page without the picture stays rendered');
    } finally {
      await edit(cover.alternativeText ?? '');
    }
  });

  test('an image without an alternative text: a post showing it is not published, with the file named, until the text beside the image is filled in; an image\'s text cannot be emptied', async () => {
    const api = await admin(REDACTEUR);
    const post = await blogPost();
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'zonder-tekst.png');
    form.append('fileInfo', JSON.stringify({ name: 'zonder-tekst.png', alternativeText: null }));
    const uploaded = await api('/upload', 'POST', form);
    assert.ok([200, 201].includes(uploaded.status), JSON.stringify(uploaded.body));
    const file = (Array.isArray(uploaded.body) ? uploaded.body[0] : (uploaded.body.data ?? uploaded.body)) as { id: number };
    const draft = await api(`/content-manager/collection-types/${BLOG}/${post.documentId}?locale=nl`, 'PUT', { cover: file.id });
    assert.equal(draft.status, 200, JSON.stringify(draft.body));
    try {
      const published = await api(`/content-manager/collection-types/${BLOG}/${post.documentId}/actions/publish?locale=nl`, 'POST', {});
      assert.equal(published.status, 400, JSON.stringify(published.body));
      assert.match(published.body.error.message, /^Niet gepubliceerd: de afbeelding "zonder-tekst.png" heeft geen alternatieve tekst/);
      assert.equal((await blogPost()).cover.id, post.cover.id, 'the site still shows the published cover');
      // The text in the field beside the image is enough: the post describes the file itself.
      const described = await api(`/content-manager/collection-types/${BLOG}/${post.documentId}?locale=nl`, 'PUT', { cover: file.id, coverAlt: 'Een rood vierkant' });
      assert.equal(described.status, 200, JSON.stringify(described.body));
      const accepted = await api(`/content-manager/collection-types/${BLOG}/${post.documentId}/actions/publish?locale=nl`, 'POST', {});
      assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
      await waitFor('the post shows its own text for the new cover', async () => /<img [^>]*alt="Een rood vierkant"/.test((await get(post.page)).html), 5_000);
    } finally {
      const restored = await api(`/content-manager/collection-types/${BLOG}/${post.documentId}?locale=nl`, 'PUT', { cover: post.cover.id, coverAlt: null });
      assert.equal(restored.status, 200, JSON.stringify(restored.body));
      const published = await api(`/content-manager/collection-types/${BLOG}/${post.documentId}/actions/publish?locale=nl`, 'POST', {});
      assert.equal(published.status, 200, JSON.stringify(published.body));
    }
    const info = new FormData();
    info.append('fileInfo', JSON.stringify({ alternativeText: '', name: post.cover.name, caption: post.cover.caption ?? null }));
    const emptied = await api(`/upload?id=${post.cover.id}`, 'POST', info);
    assert.equal(emptied.status, 400, JSON.stringify(emptied.body));
    assert.match(emptied.body.error.message, /kan niet leeg/);
    assert.equal((await blogPost()).cover.alternativeText, post.cover.alternativeText);
  });

  test('the Redacteur account works on content, media and menus only; forms, donations and users are for another role', async () => {
    const api = await admin(REDACTEUR);
    const me = await api('/admin/users/me');
    assert.deepEqual(me.body.data.roles.map((r: { name: string }) => r.name), ['Redacteur']);
    assert.equal(me.body.data.preferedLanguage, 'nl', 'the admin in Dutch');
    const permissions = (await api('/admin/users/me/permissions')).body.data as Array<{ action: string; subject: string | null }>;
    const subjects = [...new Set(permissions.map((p) => p.subject).filter(Boolean))].sort();
    assert.deepEqual(subjects, ['api::blog-post.blog-post', 'api::course.course', 'api::district.district', 'api::event.event', 'api::global.global', 'api::location.location', 'api::loneliness-test.loneliness-test', 'api::page.page', 'api::partner.partner', 'api::team-member.team-member', 'api::vacancy.vacancy']);
    const actions = new Set(permissions.map((p) => p.action));
    for (const action of ['plugin::content-manager.explorer.publish', 'plugin::upload.assets.create', 'plugin::upload.assets.update', 'plugin::navigation.update'])
      assert.ok(actions.has(action), action);
    assert.ok(![...actions].some((a) => a.startsWith('admin::') || a.startsWith('plugin::content-type-builder') || a.startsWith('plugin::users-permissions')), 'no settings, users or developer tools');
    // What the editor's buttons call.
    const post = await blogPost();
    const saved = await api(`/content-manager/collection-types/${BLOG}/${post.documentId}?locale=nl`, 'PUT', { title: post.title });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal((await api('/content-manager/collection-types/api::donation.donation')).status, 403);
    assert.equal((await api('/content-manager/collection-types/api::contact-submission.contact-submission')).status, 403);
    assert.equal((await api('/navigation/?locale=nl')).status, 200);
    // The people who handle inboxes and donations have a role of their own, without content.
    const superAdmin = await admin();
    const roles = (await superAdmin('/admin/roles')).body.data as Array<{ id: number; name: string }>;
    const inbox = roles.find((r) => r.name === 'Inzendingen en donaties');
    assert.ok(inbox, roles.map((r) => r.name).join(', '));
    const inboxPermissions = (await superAdmin(`/admin/roles/${inbox.id}/permissions`)).body.data as Array<{ action: string; subject: string }>;
    assert.ok(inboxPermissions.some((p) => p.subject === 'api::donation.donation' && p.action === 'plugin::content-manager.explorer.read'));
    assert.ok(inboxPermissions.some((p) => p.subject === 'api::contact-submission.contact-submission'));
    assert.ok(!inboxPermissions.some((p) => p.subject === PAGE), 'no content');
  });

  test('the editor reads Dutch labels, help text and block names; a collapsed block shows its title', async () => {
    const api = await admin(REDACTEUR);
    const page = await api(`/content-manager/content-types/${PAGE}/configuration`);
    assert.equal(page.status, 200, JSON.stringify(page.body));
    const { contentType, components } = page.body.data as {
      contentType: { metadatas: Record<string, { edit: { label: string; description: string } }> };
      components: Record<string, { settings: { mainField: string }; metadatas: Record<string, { edit: { label: string } }> }>;
    };
    assert.equal(contentType.metadatas.title!.edit.label, 'Titel');
    assert.equal(contentType.metadatas.colorMode!.edit.label, 'Kleurstelling');
    assert.match(contentType.metadatas.slug!.edit.description, /webadres/);
    assert.equal(components['blocks.intro']!.settings.mainField, 'title');
    assert.equal(components['blocks.intro']!.metadatas.eyebrow!.edit.label, 'Bovenregel');
    assert.equal(components['shared.seo']!.metadatas.metaTitle!.edit.label, 'Titel voor zoekmachines');
    const post = (await api(`/content-manager/content-types/${BLOG}/configuration`)).body.data.contentType as { metadatas: Record<string, { edit: { label: string; description: string } }>; layouts: { edit: Array<Array<{ name: string }>> } };
    assert.equal(post.metadatas.coverAlt!.edit.label, 'Alternatieve tekst (voor wie het beeld niet ziet)');
    assert.match(post.metadatas.coverAlt!.edit.description, /taal van deze pagina/);
    const rows = post.layouts.edit.map((row) => row.map((cell) => cell.name));
    const at = rows.findIndex((row) => row.includes('cover'));
    assert.ok(rows[at]!.includes('coverAlt') || rows[at + 1]?.[0] === 'coverAlt', `the text beside the cover: ${JSON.stringify(rows)}`);
    assert.equal(components['blocks.intro']!.metadatas.imageAlt!.edit.label, 'Alternatieve tekst (voor wie het beeld niet ziet)');
    const blocks = (await api('/content-manager/components')).body.data as Array<{ uid: string; info: { displayName: string; description: string } }>;
    assert.equal(blocks.find((b) => b.uid === 'blocks.text')?.info.displayName, 'Tekst');
  });

  test('the preview is offered only where a page exists, and shows it without the cookie question', async () => {
    const api = await admin(REDACTEUR);
    const global = await api('/content-manager/preview/url/api::global.global?locale=nl&status=draft');
    assert.ok(global.status === 204 || (global.status === 200 && !global.body?.data?.url), `no preview of the global settings: ${global.status} ${JSON.stringify(global.body)}`);
    const partner = await api('/content-manager/preview/url/api::partner.partner?documentId=x&locale=nl&status=draft');
    assert.ok(partner.status === 204 || !partner.body?.data?.url, 'no preview of a partner (no page of its own)');
    const post = await blogPost();
    const answer = await api(`/content-manager/preview/url/${BLOG}?documentId=${post.documentId}&locale=nl&status=draft`);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const link = new URL(answer.body.data.url as string);
    const html = (await get(`${link.pathname}${link.search}`)).html;
    assert.match(html, /class="preview-banner"/);
    assert.doesNotMatch(html, /data-consent-banner/);
  });

  // Last: the site has had Strapi go away under it.
  test('on every start: a stored navigation configuration without pages and three levels is replaced', async () => {
    // What the plugin stored on a new database before (no content types, two levels).
    const { default: Database } = await import('better-sqlite3');
    const writes = (log: string) => log.match(/\[bootstrap\] navigation: menu items link pages, 3 levels/g)?.length ?? 0;
    const before = writes(strapi.log());
    // The database's first start wrote it: the run's seeding start, whose database this file's Strapi copied, or this file's own on an empty one.
    assert.equal(writes(seedingLog()) + before, 1, 'written on the first start of the database');
    await strapi.stop();
    // strapi develop's server may outlive npm by a moment.
    await waitFor('the old Strapi gone', async () => !(await fetch(`${strapi.url}/_health`).then(() => true, () => false)), 20_000);
    const db = new Database(strapiEnv().dbFile);
    try {
      const stored = { additionalFields: [], contentTypes: [], contentTypesNameFields: {}, contentTypesPopulate: {}, defaultContentType: '', allowedLevels: 2, gql: { navigationItemRelated: [] }, pathDefaultFields: {}, cascadeMenuAttached: true, preferCustomContentTypes: false, isCacheEnabled: false };
      db.prepare("UPDATE strapi_core_store_settings SET value = ? WHERE key = 'plugin_navigation_config'").run(JSON.stringify(stored));
    } finally {
      db.close();
    }
    strapi = await startStrapi(strapiEnv());
    await checkNavigationConfig();
    assert.equal(writes(strapi.log()) - before, 1, 'written again on this start');
  });
});
