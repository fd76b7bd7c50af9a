// Content blocks against the production build and the embedded snapshot: every block type
// renders somewhere, the FAQ and the find-a-group form work without JavaScript, the map links
// every group, external links leave safely, and axe finds nothing on the pages built of blocks.
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { blockComponents } from '../src/content/model/blocks';
import { expectNoAxeViolations, hydrated } from './support';

type SnapshotPage = { slug: string; blocks: Array<{ __component: string }> };
type SnapshotLocation = { slug: string; mode: string; lat?: number | null; lng?: number | null };

const readSnapshot = <T>(file: string): T => JSON.parse(readFileSync(new URL(`../content/snapshot/nl/${file}`, import.meta.url), 'utf8')) as T;
const pages = readSnapshot<SnapshotPage[]>('pages.json');
const locations = readSnapshot<SnapshotLocation[]>('locations.json');

/** Routes that render something else than the page's blocks: the test flow on
 * /doe-de-test/start, whose test-result block is the flow's result panel (tested below). */
const NOT_BLOCK_ROUTES = new Set(['doe-de-test/start']);
const pathOf = (slug: string) => (slug === 'home' ? '/' : `/${slug}`);

/** For each block type, the first snapshot page that shows it. */
function pageWith(component: string): string | null {
  const page = pages.find((p) => !NOT_BLOCK_ROUTES.has(p.slug) && p.blocks.some((b) => b.__component === component));
  return page ? pathOf(page.slug) : null;
}

test.describe('every block type renders on a page of the snapshot', () => {
  for (const component of blockComponents.filter((c) => c !== 'blocks.test-result')) {
    const path = pageWith(component);
    test(`${component} on ${path ?? '(no page renders it)'}`, async ({ page }) => {
      expect(path, `no snapshot page shows ${component}`).not.toBeNull();
      await page.goto(path!);
      await expect(page.locator(`[data-block="${component}"]`).first()).toBeVisible();
    });
  }

  test('blocks.test-result is the result panel of /doe-de-test/start, with the block\'s texts', async ({ page, context, baseURL }) => {
    const block = pages.find((p) => p.slug === 'doe-de-test/start')?.blocks.find((b) => b.__component === 'blocks.test-result') as
      | { title: string; disclaimer: string; retakeLabel: string }
      | undefined;
    expect(block).toBeDefined();
    // The analytics question answered beforehand: its banner would cover the flow.
    await context.addCookies([{ name: 'consent', value: encodeURIComponent(JSON.stringify({ analytics: false })), url: baseURL! }]);
    await page.goto('/doe-de-test/start');
    await hydrated(page);
    await page.getByTestId('test-flow-ready').click();
    for (let i = 1; i <= 11; i++) {
      await expect(page.getByText(`Vraag ${i} van 11`)).toBeVisible();
      await page.getByLabel('Nee', { exact: true }).check();
      await page.getByRole('button', { name: 'Volgende' }).click();
    }
    await page.getByLabel('Postcode').fill('3511 AB');
    await page.getByLabel('Leeftijd').fill('20');
    await page.getByRole('button', { name: 'Volgende' }).click();
    await page.getByLabel('Nee, niet bewaren').check();
    await page.getByRole('button', { name: 'Bekijk mijn uitslag' }).click();
    const panel = page.locator('[data-block="blocks.test-result"]');
    await expect(panel).toBeVisible({ timeout: 20_000 });
    await expect(panel.getByRole('heading', { level: 1 })).toHaveText(block!.title);
    await expect(panel.getByText(block!.disclaimer)).toBeVisible();
    await expect(panel.getByRole('link', { name: block!.retakeLabel })).toHaveAttribute('href', '/doe-de-test/start');
  });
});

test('an editor anchor becomes the block id, so #zoek-een-groep lands on the form', async ({ page }) => {
  await page.goto('/#zoek-een-groep');
  await expect(page.locator('#zoek-een-groep[data-block="blocks.form"]')).toBeInViewport();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a FAQ question opens and shows its answer', async ({ page }) => {
    await page.goto('/over-ons/faq');
    const item = page.locator('[data-block="blocks.faq"] details').first();
    await expect(item.locator('.faq-answer')).toBeHidden();
    await item.locator('summary').click();
    await expect(item).toHaveAttribute('open', '');
    await expect(item.locator('.faq-answer')).toBeVisible();
  });

  test('find a group is a GET form to the locations page with age, postcode and municipality', async ({ page }) => {
    await page.goto('/');
    const form = page.locator('[data-block="blocks.form"] form.find-form').first();
    await form.getByLabel('Leeftijd').fill('16');
    await form.getByLabel('Postcode').fill('4001 LK');
    await form.getByRole('button').click();
    // No municipality chosen: the plain form sends it empty, and the search ignores it.
    await expect(page).toHaveURL(/\/locaties\?age=16&postcode=4001\+LK&municipality=#zoekresultaat$/);
    await expect(page.getByRole('heading', { name: /Er is een groep voor jou in Tiel/ })).toBeVisible();
  });

  test('blog category chips and page links are plain links', async ({ page }) => {
    await page.goto('/blog');
    await page.locator('[data-block="blocks.blog-filter-bar"]').getByRole('link', { name: 'Verhalen' }).click();
    await expect(page).toHaveURL(/\/blog\?categorie=stories$/);
    const badges = page.locator('[data-block="blocks.collection-list"] .badge');
    await expect(badges.first()).toHaveText('Verhalen');
    expect(new Set(await badges.allTextContents())).toEqual(new Set(['Verhalen']));
    await expect(page.locator('[data-block="blocks.blog-filter-bar"] [aria-current="page"]')).toHaveText('Verhalen');
  });
});

test('the map has one named link per group with a place, to the group page', async ({ page }) => {
  const placed = locations.filter((l) => l.mode === 'in-real-life' && typeof l.lat === 'number' && typeof l.lng === 'number');
  await page.goto('/locaties');
  const map = page.locator('[data-block="blocks.locations-map"] svg.map-svg');
  const links = map.locator('a');
  await expect(links).toHaveCount(placed.length);
  for (const location of placed) {
    const link = map.locator(`a[href="/locatie/${location.slug}"]`);
    await expect(link).toHaveCount(1);
    expect((await link.getAttribute('aria-label'))?.length ?? 0).toBeGreaterThan(5);
  }
});

test('map pins are targets of at least 24 px that do not overlap, on a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/locaties');
  const boxes = await page.locator('svg.map-svg a .map-target').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
  for (const box of boxes) expect(box.width).toBeGreaterThanOrEqual(24);
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const distance = Math.hypot(a.x + a.width / 2 - (b.x + b.width / 2), a.y + a.height / 2 - (b.y + b.height / 2));
      expect(distance).toBeGreaterThanOrEqual(24);
    }
  }
});

test('external links in blocks open a new tab without handing over the page', async ({ page }) => {
  await page.goto('/');
  const external = page.locator('[data-block] a[href^="http"]');
  expect(await external.count()).toBeGreaterThan(0);
  for (const link of await external.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
});

const AXE_PATHS = ['/', '/blog', '/locaties', '/over-ons/ons-team', '/doe-de-test', '/over-ons/support-onze-missie', '/stronger-together-2025', '/over-ons/faq'];


test.describe('axe (WCAG 2.2 AA) finds nothing on pages built of blocks', () => {
  for (const width of [1280, 375]) {
    for (const path of AXE_PATHS) {
      test(`${path} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expectNoAxeViolations(page);
      });
    }
  }
});

test.describe('axe in dark mode (the system preference)', () => {
  test.use({ colorScheme: 'dark' });
  for (const path of [...AXE_PATHS, '/doneren/bedankt', '/partners']) {
    test(`${path} dark`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('html.dark')).toHaveCount(1);
      await expectNoAxeViolations(page);
    });
  }
});
