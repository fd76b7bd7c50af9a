// An editor's walk through the real Strapi admin (issue 29), in a browser: the admin built as
// `npm run cms` builds it (`strapi build`, about 40 s on a quiet machine, by `npm run
// test:contract` when a cms/ source changed), Strapi started with `strapi start`, the site in front. The Redacteur logs in, lands on the pages with the content
// types named in Dutch, finds in the menu screen the addresses the site links, adds a menu item
// that links a page and sees it in the site's footer, edits a page block in Dutch labelled
// fields, saves a draft (the site's caches stay as they were), opens the preview, publishes,
// and sees the change on the site.
//
// Run: `npm run test:contract -- contract/admin-ui-contract.test.ts` (after `npm run build`).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CONTENT_TYPE_MENU } from '../cms/src/admin/content-type-menu';
import { ADMIN, freePort, logWritten, REDACTEUR, startSite, startStrapi, strapiEnvIn, waitFor, type Running } from './support/processes';

const work = mkdtempSync(path.join(tmpdir(), 'joinus-admin-ui-'));
const token = randomBytes(32).toString('hex');
const webhookSecret = randomBytes(24).toString('hex');
const previewSecret = randomBytes(24).toString('hex');
const OVER_ONS = 'nwzbwv0wbhawdb5buepfgy3v'; // page over-ons (nl)

let strapi: Running;
let site: Running;
let browser: Browser;
let page: Page;
const timings: string[] = [];
const timed = async <T>(what: string, step: () => Promise<T>): Promise<T> => {
  const started = Date.now();
  const result = await step();
  timings.push(`${what}: ${Date.now() - started} ms`);
  return result;
};

async function get(p: string): Promise<{ html: string; etag: string | null }> {
  const res = await fetch(`${site.url}${p}`, { signal: AbortSignal.timeout(20_000) });
  return { html: await res.text(), etag: res.headers.get('etag') };
}
const webhookLines = (msg: string) => site.log().split('\n').filter((l) => l.includes(msg));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** Screenshots of the screens walked, for a person to look at: SHOTS_DIR, or the test's work folder. */
const shot = (name: string) => path.join(process.env.SHOTS_DIR ?? work, `admin-${name}.png`);
/** [title, address] of every item the menu screen shows, in order. */
const shownMenu = () =>
  page.locator('article [id$="-title"]').evaluateAll((headers) => headers.map((h) => [...h.querySelectorAll(':scope > div > span')].map((s) => s.textContent ?? '').filter(Boolean).slice(0, 2)));

describe("an editor's walk through the real Strapi admin", { concurrency: false }, () => {
  before(async () => {
    const strapiPort = await freePort();
    const sitePort = await freePort();
    const started = Date.now();
    strapi = await startStrapi(strapiEnvIn(work, { port: strapiPort, sitePort, token, webhookSecret, previewSecret }, { env: { EDITOR_EMAIL: REDACTEUR.email, EDITOR_PASSWORD: REDACTEUR.password } }));
    console.log(`# strapi start (built admin) started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    site = await startSite({ port: sitePort, dataDir: path.join(work, 'site-data'), logFile: path.join(work, 'site.log'), strapi: { url: strapi.url, token, webhookSecret, previewSecret } });
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });

  after(async () => {
    console.log(timings.map((t) => `# ${t}`).join('\n'));
    await browser?.close();
    await Promise.all([site?.stop(), strapi?.stop()]);
    if (process.env.CONTRACT_KEEP !== '1') rmSync(work, { recursive: true, force: true });
    else console.log(`# kept ${work}`);
  });

  test('the Redacteur logs in and the content manager opens on the pages, the content types named in Dutch', async () => {
    await timed('log in', async () => {
      await page.goto(`${strapi.url}/admin/auth/login`);
      await page.fill('input[name="email"]', REDACTEUR.email);
      await page.fill('input[name="password"]', REDACTEUR.password);
      await page.click('button[type="submit"]');
      await page.waitForURL(/\/admin\/?$/, { timeout: 30_000 });
    });
    await page.goto(`${strapi.url}/admin/content-manager`);
    await page.waitForURL(/\/content-manager\/collection-types\/api::page\.page\b/, { timeout: 30_000 });
    const menu = page.locator('nav').filter({ hasText: 'Blogberichten' }).last();
    await menu.getByRole('link', { name: 'Pagina’s', exact: true }).waitFor();
    const names = await menu.getByRole('link').allInnerTexts();
    assert.deepEqual(names.slice(0, 3), ['Pagina’s', 'Blogberichten', 'Events'], names.join(', '));
    assert.ok(names.includes('Algemene instellingen'), names.join(', '));
    for (const hidden of ['Page', 'Blog post', 'Donation', 'Contact submission', 'User', 'Audience', 'Inbox: donaties']) assert.ok(!names.includes(hidden), `${hidden} is not offered`);
    await page.getByRole('heading', { name: 'Pagina', exact: true }).waitFor();
    await page.getByText(/\d+ entries gevonden/).waitFor();
    await page.screenshot({ path: shot('content-manager') });
  });

  test("the menu screen shows the addresses the site links, and a menu item added there links a page and shows in the site's footer", async () => {
    await page.goto(`${strapi.url}/admin/plugins/navigation`);
    await page.getByRole('button', { name: 'Expand All' }).click();
    await page.getByText('Gevolgen', { exact: true }).first().waitFor();
    const shown = await shownMenu();
    const header = (await get('/')).html;
    // Every item of the main menu, at every level: the address the admin shows is a link of the site's header.
    assert.ok(shown.length >= 30, `${shown.length} items shown`);
    // An item that links an edition of an event ("Stronger Together" to /stronger-together-2025)
    // is linked at the edition promoted now (followPromotedEvent): another year of the same event.
    for (const [title = '', address = ''] of shown) {
      const edition = /^(.*-)\d{4}$/.exec(address);
      const linked = new RegExp(`href="${escapeRegExp(address)}"`).test(header) || (edition !== null && new RegExp(`href="${escapeRegExp(edition[1]!)}\\d{4}"`).test(header));
      assert.ok(linked, `${title}: ${address}`);
    }
    assert.deepEqual(shown.find(([title]) => title === 'Gevolgen'), ['Gevolgen', '/eenzaamheid/gevolgen']);
    assert.deepEqual(shown.find(([title]) => title === 'Locaties'), ['Locaties', '/locaties']);
    // Each item's linked page, once the screen has read the pages.
    await page.getByText(/^published$/i).first().waitFor();
    await page.screenshot({ path: shot('menu'), fullPage: true });
    await page.getByText('Puberteit', { exact: true }).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('menu-eenzaamheid') });

    const title = `Werken bij ${randomBytes(2).toString('hex')}`;
    await timed('add a menu item that links a page', async () => {
      await page.getByRole('combobox').filter({ hasText: 'primary' }).click();
      await page.getByRole('option', { name: 'legal' }).click();
      await page.getByText('Privacybeleid', { exact: true }).first().waitFor();
      await page.getByRole('button', { name: 'New Item' }).click();
      const dialog = page.getByRole('dialog');
      assert.equal(await dialog.locator('input[name="menuAttached"]').isChecked(), true, 'a new item starts attached to the menu');
      await dialog.locator('input[name="autoSync"]').click();
      await dialog.locator('input[name="title"]').fill(title);
      await dialog.locator('input[name="related"]').click();
      await dialog.locator('input[name="related"]').fill('Vacatures');
      await page.getByRole('option', { name: /^Vacatures/ }).first().click();
      await page.screenshot({ path: shot('menu-new-item') });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/navigation\/\w+/.test(new URL(r.url()).pathname));
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      assert.equal((await saved).status(), 200);
      await waitFor('the item in the site footer', async () => new RegExp(`<a [^>]*href="/vacatures"[^>]*>${title}<`).test((await get('/contact')).html), 5_000);
    });
    assert.deepEqual((await shownMenu()).find(([t]) => t === title), [title, '/vacatures']);
    await page.screenshot({ path: shot('menu-item-saved'), fullPage: true });
  });

  test("a block's text edited and saved as a draft: the site's caches stay; the preview shows it; published, it is on the site within seconds", async () => {
    const live = '/over-ons';
    const before = await get(live);
    await get('/contact');
    const contactBefore = (await get('/contact')).etag;
    await timed('open the page', async () => {
      await page.goto(`${strapi.url}/admin/content-manager/collection-types/api::page.page/${OVER_ONS}?plugins[i18n][locale]=nl`);
      await page.getByRole('button', { name: 'Opening - Over Join Us' }).click();
    });
    // The block's "Bovenregel" (eyebrow), a Dutch label with help text under it.
    const eyebrow = page.getByLabel('Bovenregel', { exact: true });
    const text = `Over ons ${randomBytes(3).toString('hex')}`;
    await eyebrow.fill(text);
    await logWritten();
    const quiet = webhookLines('content webhook: nothing to purge').length;
    await timed('save the draft', async () => {
      await page.getByRole('button', { name: 'Bewaar' }).click();
      await waitFor('the webhook told about the draft', async () => webhookLines('content webhook: nothing to purge').length > quiet, 10_000);
    });
    assert.equal((await get(live)).etag, before.etag, 'the public page not rendered again');
    assert.equal((await get('/contact')).etag, contactBefore, 'nor another page');
    assert.ok(!(await get(live)).html.includes(text));

    await timed('open the preview', async () => {
      await page.getByRole('link', { name: 'Voorbeeld openen' }).click();
      const frame = page.frameLocator('iframe');
      await frame.locator('.preview-banner').waitFor({ timeout: 20_000 });
      assert.ok((await frame.locator('main').textContent())?.includes(text), 'the draft in the preview');
      assert.equal(await frame.locator('[data-consent-banner]').count(), 0, 'no cookie question over it');
    });
    await page.goBack();

    await timed('publish and see it on the site', async () => {
      await page.getByRole('button', { name: 'Publiceer' }).click();
      await waitFor('the new text on the site', async () => (await get(live)).html.includes(text), 5_000);
    });
  });

  test("for the people who handle them, the inboxes, donations and visitors' accounts sit together after the content; the plugin's Audience is not offered", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await context.newPage();
    await admin.goto(`${strapi.url}/admin/auth/login`);
    await admin.fill('input[name="email"]', ADMIN.email);
    await admin.fill('input[name="password"]', ADMIN.password);
    await admin.click('button[type="submit"]');
    await admin.waitForURL(/\/admin\/?$/, { timeout: 30_000 });
    await admin.goto(`${strapi.url}/admin/content-manager`);
    await admin.waitForURL(/\/content-manager\/collection-types\/api::page\.page\b/, { timeout: 30_000 });
    // This account's admin speaks English (its interface language), so the menu does too.
    const menu = admin.locator('nav').filter({ hasText: 'Blog posts' }).last();
    await menu.getByRole('link', { name: 'Inbox: donations', exact: true }).waitFor();
    const names = await menu.getByRole('link').allInnerTexts();
    const english = CONTENT_TYPE_MENU.map((entry) => entry.en);
    const singles = ['Global settings', 'Loneliness test'];
    assert.deepEqual(names, [...english.filter((n) => !singles.includes(n)), ...singles], 'the content, then the inboxes, donations and accounts, then the single types');
    assert.ok(!names.some((n) => /audience/i.test(n)), names.join(', '));
    await admin.getByText(/\d+ entries found/).waitFor();
    await admin.screenshot({ path: shot('content-manager-inboxes') });
    await context.close();
  });
});
