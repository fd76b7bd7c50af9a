import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';

/** The accessibility standard every page is held to. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/**
 * Fails the test on any axe violation of WCAG 2.2 AA, listing each rule with the elements it
 * found; `include` narrows the check to parts of the page, `label` says which state was checked.
 */
export async function expectNoAxeViolations(page: Page, options: { include?: string[]; label?: string } = {}): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  for (const selector of options.include ?? []) builder.include(selector);
  await atRest(page);
  const { violations } = await builder.analyze();
  const found = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, options.label).toEqual([]);
}

/**
 * Waits until the page is at rest, as a visitor sees it after a moment: its fonts loaded, two
 * frames drawn (so a hover the pointer left over a new page's button, or a style the load just
 * set, has started its transition), and every transition finished. axe measured in between
 * counts a state nobody looks at: the consent banner sliding over the skip link (target-size), a
 * button whose hover colour is half-way (color-contrast), each seen about 1 run in 40.
 */
export async function atRest(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    for (let round = 0; round < 5; round++) {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      // One that repeats for ever never finishes: only those that end are waited for.
      const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/** Collects console errors and uncaught exceptions; `expectNone` fails the test on any. */
export function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  return { errors, expectNone: () => expect(errors, errors.join('\n')).toEqual([]) };
}

export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

/** Marks the window; the mark survives client navigation and disappears on a full load. */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 42));
}

export async function windowMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __mark?: number }).__mark === 42);
}

/** Clicks a link made on the fly (so a test does not depend on which links content has). */
export async function clickLink(page: Page, href: string): Promise<void> {
  await page.evaluate((h) => {
    const a = document.createElement('a');
    a.href = h;
    a.textContent = 'test link';
    a.id = 'e2e-link';
    document.body.append(a);
    a.click();
    a.remove();
  }, href);
}

export async function dataLayerEvents(page: Page): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer: unknown[] }).dataLayer ?? []).filter(
      (e): e is Record<string, unknown> => !!e && typeof e === 'object' && 'event' in e && (e as { event: unknown }).event === 'content-view',
    ),
  );
}

/** Waits until the element's CSS transitions and animations (its own and its children's) end. */
export async function transitionsDone(locator: Locator): Promise<void> {
  await locator.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

/** Opens the enhanced mobile menu and waits until its panel has finished growing (300 ms): a tap
 * on a link while the panel still moves can land beside it and nothing happens (the class of two
 * flaky tests, 1 run in 12 here). A visitor taps what they see standing still. */
export async function openMobileMenu(page: Page): Promise<void> {
  await page.locator('button.mobile-menu-toggle').click();
  await expect(page.locator('#mobile-menu-panel')).toHaveClass(/is-open/);
  await transitionsDone(page.locator('#mobile-menu-panel'));
}

/** The locale cookie as the server writes the visitor's choice: Lax, for 365 days. */
export async function expectLocaleCookie(context: BrowserContext, locale: 'nl' | 'en'): Promise<void> {
  const cookie = (await context.cookies()).find((c) => c.name === 'locale');
  expect(cookie?.value).toBe(locale);
  expect(cookie?.sameSite).toBe('Lax');
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365);
}

/** How far the page is wider than the window (px); 0 or less: nothing scrolls sideways. */
export async function sideways(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The browser's own text size at 200% (standard 32 px): unlike page zoom it changes only the text. */
export async function largeText(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.enable');
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
}

/** Sets the browser's own text size on the open page (16: the standard; 32: 200%), without a reload. */
export async function textSizes(page: Page): Promise<(px: number) => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.enable');
  return async (px) => {
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: px, fixed: Math.round(px * 0.8125) } });
  };
}

/** Each place where a heading is more than one level below the one before it (h1 then h3). */
export async function headingSkips(page: Page): Promise<string[]> {
  return page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((els) => {
    const skips: string[] = [];
    let previous = 1;
    for (const el of els) {
      if (el.closest('[hidden], template')) continue;
      const level = Number(el.tagName[1]);
      if (level > previous + 1) skips.push(`h${previous} then h${level} "${(el.textContent ?? '').trim().slice(0, 50)}"`);
      previous = level;
    }
    return skips;
  });
}

/** Cards, and boxes that stand as cards (a group found, an item, a help contact, a facts card). */
export const CARD_SELECTOR = '.card, .find-group, .item, .support-contact, .detail-facts, .signup-group';

/**
 * Each word in a card or a heading whose letters stand on two lines: the line broke inside it.
 * A word ends where a line may break without splitting one: at a space, a hyphen or a slash.
 * Read from the word's own boxes (Range.getClientRects): one per line it stands on.
 */
export async function splitWords(page: Page): Promise<string[]> {
  return page.evaluate((cards) => {
    const split: string[] = [];
    const seen = new Set<Node>();
    for (const root of document.querySelectorAll(`h1, h2, h3, h4, h5, h6, ${cards}`)) {
      if (root.closest('[hidden], template, .visually-hidden')) continue;
      const texts = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode() as Text | null; node; node = texts.nextNode() as Text | null) {
        if (seen.has(node) || node.parentElement?.closest('.visually-hidden')) continue;
        seen.add(node);
        for (const word of node.data.matchAll(/[^\s\-\u2010\u2013\u2014/]+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) split.push(`"${word[0]}" in ${node.parentElement?.closest(`${cards}, h1, h2, h3, h4, h5, h6`)?.className || node.parentElement?.tagName.toLowerCase()}`);
        }
      }
    }
    return split;
  }, CARD_SELECTOR);
}
