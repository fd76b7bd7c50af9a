// The site chrome: header menu tree and dropdowns, the mobile menu, the footer,
// language, colour mode and consent. Content comes from the embedded snapshot.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectLocaleCookie, expectNoAxeViolations, hydrated, openMobileMenu, transitionsDone, watchConsole } from './support';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 800 };
const TAG_MANAGER = 'www.googletagmanager.com';

/** A stored choice, so the banner does not cover what a test looks at. */
async function decided(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  await context.addCookies([{ name: 'consent', value: encodeURIComponent(JSON.stringify({ analytics: false })), url: baseURL ?? 'http://127.0.0.1' }]);
}

async function open(page: Page, path: string, viewport = DESKTOP): Promise<void> {
  await page.setViewportSize(viewport);
  await page.goto(path);
  await hydrated(page);
}

/** Holds the page's scripts (/assets/*.js) until the returned function is called. */
function holdPageScripts(page: Page): () => void {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  void page.route(/\/assets\/.*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return open;
}

/** Every request the page makes to a host other than this machine. */
function foreignRequests(page: Page): string[] {
  const hosts: string[] = [];
  page.on('request', (r) => {
    const host = new URL(r.url()).hostname;
    if (!['127.0.0.1', 'localhost'].includes(host) && !r.url().startsWith('data:')) hosts.push(r.url());
  });
  return hosts;
}

test.describe('header on a wide screen', () => {
  test.beforeEach(async ({ context, baseURL }) => decided(context, baseURL));

  test('a parent opens its dropdown on hover', async ({ page }) => {
    await open(page, '/');
    const parent = page.locator('.site-nav .has-dropdown').first();
    const dropdown = parent.locator('.site-nav-dropdown');
    await expect(dropdown).toBeHidden();
    await parent.hover();
    await expect(dropdown).toBeVisible();
    await expect(dropdown.getByRole('link', { name: 'Hoe werkt het' })).toBeVisible();
    await page.mouse.move(5, 800);
    await expect(dropdown).toBeHidden();
  });

  test('a parent opens its dropdown on keyboard focus, and Tab walks into it', async ({ page }) => {
    await open(page, '/');
    const parent = page.locator('.site-nav .has-dropdown').first();
    await parent.locator('.site-nav-link').focus();
    await expect(parent.locator('.site-nav-dropdown')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(parent.locator('.site-nav-dropdown a').first()).toBeFocused();
    await expect(parent.locator('.site-nav-dropdown')).toBeVisible();
  });

  test('Escape dismisses an open dropdown and returns focus to its parent', async ({ page }) => {
    await open(page, '/');
    const parent = page.locator('.site-nav .has-dropdown').first();
    await parent.locator('.site-nav-link').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(parent.locator('.site-nav-dropdown')).toBeHidden();
    await expect(parent.locator('.site-nav-link')).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(parent.locator('.site-nav-dropdown')).toBeVisible();
  });

  test('the current page is marked, and its parent shows the active style', async ({ page }) => {
    await open(page, '/eenzaamheid/gevolgen');
    const nav = page.locator('.site-nav');
    await expect(nav.locator('a[aria-current="page"]')).toHaveAttribute('href', '/eenzaamheid/gevolgen');
    await expect(nav.getByRole('link', { name: 'Eenzaamheid', exact: true })).toHaveClass(/is-active/);
  });

  test('promoted links: test, the coming event, dashboard, flag and the support button', async ({ page }) => {
    await open(page, '/');
    const header = page.locator('header.site-header');
    await expect(header.locator('.main-bar').getByRole('link', { name: 'Doe de test' })).toHaveAttribute('href', '/doe-de-test');
    // Stronger Together 2025 is over; the 2027 edition is promoted (e2e/promoted-event.spec.ts).
    await expect(header.locator('.top-bar').getByRole('link', { name: 'Event: Stronger Together' })).toHaveAttribute('href', '/stronger-together-2027');
    const dashboard = header.locator('.top-bar').getByRole('link', { name: /dashboard/ });
    await expect(dashboard).toHaveAttribute('href', /^https:\/\/dashboard\./);
    await expect(dashboard).toHaveAttribute('target', '_blank');
    await expect(header.locator('.top-bar').getByRole('link', { name: 'English' })).toHaveAttribute('href', '/en?taal=en');
    await expect(page.getByRole('link', { name: 'Support onze missie!' })).toHaveAttribute('href', '/over-ons/support-onze-missie');

    await open(page, '/en');
    await expect(page.locator('.top-bar').getByRole('link', { name: 'Nederlands' })).toHaveAttribute('href', '/?taal=nl');
  });

  test('external links open in a new tab with noopener and say so', async ({ page }) => {
    await open(page, '/');
    const external = page.locator('header a[target="_blank"], footer a[target="_blank"]');
    expect(await external.count()).toBeGreaterThan(5);
    for (const link of await external.all()) await expect(link).toHaveAttribute('rel', /noopener/);
    const shop = page.locator('.site-nav').getByRole('link', { name: /Shop/ });
    await expect(shop).toHaveAttribute('target', '_blank');
    await expect(shop).toHaveAccessibleName('Shop (opent in nieuw tabblad)');
    await expect(shop.locator('svg')).toHaveCount(1);
  });
});

test.describe('mobile menu at 375 px', () => {
  test.beforeEach(async ({ context, baseURL }) => decided(context, baseURL));

  const toggle = (page: Page) => page.locator('button.mobile-menu-toggle');
  const panelLink = (page: Page) => page.locator('#mobile-menu-panel').getByRole('link', { name: 'Blog', exact: true });

  test('opens and closes by click, with aria-expanded and aria-controls', async ({ page }) => {
    await open(page, '/', PHONE);
    await expect(page.locator('.site-nav')).toBeHidden();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle(page)).toHaveAttribute('aria-controls', 'mobile-menu-panel');
    await expect(panelLink(page)).toBeHidden();
    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(panelLink(page)).toBeVisible();
    await expect(page.locator('#mobile-menu-panel .gradient-bar')).toBeVisible();
    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(panelLink(page)).toBeHidden();
  });

  for (const key of ['Enter', 'Space']) {
    test(`opens with ${key}`, async ({ page }) => {
      await open(page, '/', PHONE);
      await toggle(page).focus();
      await page.keyboard.press(key);
      await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
      await expect(panelLink(page)).toBeVisible();
      await page.keyboard.press(key);
      await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    });
  }

  test('a link in the panel navigates and closes it', async ({ page }) => {
    await open(page, '/', PHONE);
    await openMobileMenu(page);
    await panelLink(page).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(panelLink(page)).toBeHidden();
  });

  test('opens without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/');
    const link = page.locator('#mobile-menu-panel').getByRole('link', { name: 'Blog', exact: true });
    await expect(link).toBeHidden();
    await page.locator('summary.mobile-menu-toggle').click();
    await expect(link).toBeVisible();
    await context.close();
  });
});

test.describe('one menu tree for every screen', () => {
  test.beforeEach(async ({ context, baseURL }) => decided(context, baseURL));

  for (const js of [true, false]) {
    test(`one main menu in the page, in the header's row on a wide screen and in the panel on a phone (${js ? 'with' : 'without'} JavaScript)`, async ({ browser, baseURL }) => {
      for (const viewport of [DESKTOP, PHONE]) {
        const context = await browser.newContext({ javaScriptEnabled: js, viewport, baseURL });
        const page = await context.newPage();
        await page.goto('/over-ons');
        if (js) await hydrated(page);
        const menus = page.getByRole('navigation', { name: 'Hoofdmenu', includeHidden: true });
        await expect(menus).toHaveCount(1);
        await expect(page.locator('header a[href="/blog"]')).toHaveCount(1);
        const blog = menus.getByRole('link', { name: 'Blog', exact: true });
        if (viewport === PHONE) {
          await expect(blog).toBeHidden();
          await page.locator(js ? 'button.mobile-menu-toggle' : 'summary.mobile-menu-toggle').click();
        }
        await expect(blog).toBeVisible();
        // The page's own item marked, wherever the menu stands.
        await expect(menus.locator('a[aria-current="page"]')).toHaveAttribute('href', '/over-ons');
        await context.close();
      }
    });
  }
});

test.describe('footer', () => {
  test.beforeEach(async ({ context, baseURL }) => decided(context, baseURL));

  test('columns, contact links and the four socials', async ({ page }) => {
    await open(page, '/');
    const footer = page.locator('footer.site-footer');
    await expect(footer.getByRole('link', { name: 'Join Us, naar de homepage' })).toHaveAttribute('href', '/');
    for (const heading of ['Doe mee', 'Stichting Join Us', 'Contact', 'Volg ons']) {
      await expect(footer.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await expect(footer.getByRole('link', { name: 'Aanmelden' })).toHaveAttribute('href', '/aanmelden');
    await expect(footer.getByRole('link', { name: 'Volg ons op Instagram (opent in nieuw tabblad)' })).toHaveAttribute('target', '_blank');
    await expect(footer.getByRole('link', { name: 'Over ons' })).toHaveAttribute('href', '/over-ons');
    await expect(footer.getByRole('link', { name: 'ANBI' })).toHaveAttribute('href', '/anbi');
    // The embedded content has no phone number: no "Bel ons" (e2e/foundation-facts.spec.ts).
    await expect(footer.getByRole('link', { name: /Bel ons/ })).toHaveCount(0);
    await expect(footer.getByRole('link', { name: /Mail ons/ })).toHaveAttribute('href', 'mailto:info@stichtingjoinus.nl');
    for (const network of ['Facebook', 'TikTok', 'Instagram', 'LinkedIn']) {
      const link = footer.getByRole('link', { name: `${network} van Stichting Join Us (opent in nieuw tabblad)` });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('href', new RegExp(network.toLowerCase()));
      await expect(link.locator('svg')).toHaveCount(1);
    }
    await expect(footer.locator('.legal-copyright')).toContainText(`© ${new Date().getFullYear()}`);
    await expect(footer.getByRole('navigation', { name: 'Juridisch' }).getByRole('link')).toHaveCount(4);
  });

  test('language switcher: two locales, uppercase codes, the active one marked; remembers the choice', async ({ page, context }) => {
    await open(page, '/');
    const switcher = page.getByRole('navigation', { name: 'Taal' });
    await expect(switcher.locator('.language-code')).toHaveText(['NL', 'EN']);
    await expect(switcher.locator('[aria-current="true"] .language-code')).toHaveText('NL');
    await expect(switcher.locator('[aria-current="true"]')).toHaveCSS('opacity', '1');
    expect(Number(await switcher.locator('a:not([aria-current])').evaluate((a) => getComputedStyle(a).opacity))).toBeLessThan(1);

    await switcher.getByRole('link', { name: /EN/ }).click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('navigation', { name: 'Language' }).locator('[aria-current="true"] .language-code')).toHaveText('EN');
    await expectLocaleCookie(context, 'en');
  });

  test('hreflang alternates on pages that exist in both languages', async ({ page }) => {
    await page.goto('/over-ons');
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/en\/about$/);
    await expect(page.locator('link[rel="alternate"][hreflang="nl"]')).toHaveAttribute('href', /\/over-ons$/);
    await page.goto('/over-ons/ons-team');
    await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(0);
  });
});

test.describe('colour mode', () => {
  test.beforeEach(async ({ context, baseURL }) => decided(context, baseURL));

  const mode = (page: Page) => page.evaluate(() => document.documentElement.className);
  const stored = (page: Page) => page.evaluate(() => localStorage.getItem('nuxt-color-mode'));

  for (const scheme of ['dark', 'light'] as const) {
    test(`system follows the OS (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await open(page, '/');
      expect(await mode(page)).toContain(scheme);
    });
  }

  test('a stored light wins over a dark OS', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('nuxt-color-mode', 'light'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await open(page, '/');
    expect(await mode(page)).toContain('light');
  });

  test('a stored dark is forced to light, and the preference rewritten', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('nuxt-color-mode', 'dark'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await hydrated(page);
    expect(await mode(page)).toContain('light');
    expect(await stored(page)).toBe('light');
  });

  test('the footer toggle cycles system, light, dark and stores it', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await open(page, '/');
    const toggle = page.locator('.color-mode-toggle');
    await expect(toggle).toHaveText(/automatisch/);
    await toggle.click();
    await expect(toggle).toHaveText(/licht/);
    expect(await stored(page)).toBe('light');
    await toggle.click();
    await expect(toggle).toHaveText(/donker/);
    expect(await stored(page)).toBe('dark');
    expect(await mode(page)).toContain('dark');
    await toggle.click();
    expect(await stored(page)).toBe('system');
    expect(await mode(page)).toContain('light');
  });

  test('a mode forced by the route wins and hides the toggle', async ({ page }) => {
    // The test flow forces light mode (route meta); content pages may force one too.
    const candidates = ['/doe-de-test/start', '/doe-de-test', '/stronger-together-2025'];
    let forced: string | null = null;
    for (const path of candidates) {
      await page.goto(path);
      if (await page.locator('html[data-forced-color-mode]').count()) {
        forced = path;
        break;
      }
    }
    expect(forced, 'a route that forces a colour mode').not.toBeNull();
    await page.addInitScript(() => localStorage.setItem('nuxt-color-mode', 'system'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await open(page, forced!);
    const want = await page.locator('html').getAttribute('data-forced-color-mode');
    expect(await mode(page)).toContain(want!);
    await expect(page.locator('.color-mode-toggle')).toHaveCount(0);
  });
});

test.describe('consent', () => {
  test('nothing leaves this machine before consent; accept loads the tag manager', async ({ page, context }) => {
    const foreign = foreignRequests(page);
    await open(page, '/');
    const banner = page.locator('[data-consent-banner]');
    await expect(banner).toBeVisible();
    await expect(page.locator('html[data-consent="asked"]')).toHaveCount(1);
    expect(foreign).toEqual([]);
    expect(await page.locator(`script[src*="${TAG_MANAGER}"]`).count()).toBe(0);

    const tagManager = page.waitForRequest((r) => new URL(r.url()).hostname === TAG_MANAGER);
    await banner.getByRole('button', { name: 'Alles accepteren' }).click();
    expect(new URL((await tagManager).url()).searchParams.get('id')).toMatch(/^(GTM|G)-/);
    await expect(banner).toBeHidden();
    const granted = await page.evaluate(() =>
      (window as unknown as { dataLayer: unknown[] }).dataLayer.some((e) => {
        const a = e as ArrayLike<unknown>;
        return a?.[0] === 'consent' && a[1] === 'update' && (a[2] as { analytics_storage?: string })?.analytics_storage === 'granted';
      }),
    );
    expect(granted).toBe(true);
    expect((await context.cookies()).find((c) => c.name === 'consent')?.sameSite).toBe('Lax');

    // Remembered: no banner, and the tag manager loads on the next visit straight away.
    const again = page.waitForRequest((r) => new URL(r.url()).hostname === TAG_MANAGER);
    await page.reload();
    await again;
    await expect(banner).toBeHidden();
  });

  test('reject: no tag manager, now or on the next page; the choice can be changed from the footer', async ({ page }) => {
    const foreign = foreignRequests(page);
    await open(page, '/');
    await page.getByRole('button', { name: 'Alles weigeren' }).click();
    await expect(page.locator('[data-consent-banner]')).toBeHidden();
    await page.reload();
    await hydrated(page);
    await expect(page.locator('html[data-consent="denied"]')).toHaveCount(1);
    await expect(page.locator('[data-consent-banner]')).toBeHidden();
    expect(foreign).toEqual([]);

    await page.getByRole('button', { name: 'Cookie-instellingen' }).click();
    const banner = page.locator('[data-consent-banner]');
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('checkbox', { name: /Analytisch/ })).not.toBeChecked();
    const tagManager = page.waitForRequest((r) => new URL(r.url()).hostname === TAG_MANAGER);
    await banner.getByRole('checkbox', { name: /Analytisch/ }).check();
    await banner.getByRole('button', { name: 'Keuze opslaan' }).click();
    await tagManager;
    await expect(banner).toBeHidden();
  });

  test('choose without analytics stores a refusal', async ({ page }) => {
    const foreign = foreignRequests(page);
    await open(page, '/');
    await page.getByRole('button', { name: 'Zelf kiezen' }).click();
    await page.getByRole('button', { name: 'Keuze opslaan' }).click();
    await page.reload();
    await hydrated(page);
    await expect(page.locator('[data-consent-banner]')).toBeHidden();
    expect(foreign).toEqual([]);
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`at ${viewport.width} px the banner is the first tab stop and never covers what has focus`, async ({ page }) => {
      await open(page, '/', viewport);
      await expect(page.locator('[data-consent-banner]')).toBeVisible();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-consent-banner]')))).toBe(true);
      const covered: string[] = [];
      for (let stop = 1; stop <= 120; stop++) {
        const hit = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          const banner = document.querySelector('[data-consent-banner]');
          if (!el || el === document.body || !banner || banner.contains(el)) return null;
          const r = el.getBoundingClientRect();
          const b = banner.getBoundingClientRect();
          const overlaps = b.height > 0 && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
          return overlaps ? `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"` : null;
        });
        if (hit) covered.push(`stop ${stop}: ${hit}`);
        await page.keyboard.press('Tab');
      }
      expect(covered).toEqual([]);
    });
  }

  // The class: a control that reveals or replaces content moves focus to that content (or keeps
  // it on itself), before and after the page's scripts run.
  for (const scripts of ['after the page scripts run', 'before the page scripts run'] as const) {
    test(`by keyboard, ${scripts}: "Zelf kiezen" moves focus to the choices it reveals; Tab reaches the box and "Keuze opslaan", whose choice is stored`, async ({ page, context }) => {
      const release = scripts === 'before the page scripts run' ? holdPageScripts(page) : null;
      await page.setViewportSize(PHONE);
      await page.goto('/');
      if (!release) await hydrated(page);
      const banner = page.locator('[data-consent-banner]');
      await expect(banner).toBeVisible();
      await banner.getByRole('button', { name: 'Zelf kiezen' }).focus();
      await page.keyboard.press('Enter');
      const analytics = banner.getByRole('checkbox', { name: /Analytisch/ });
      await expect(analytics).toBeVisible();
      await expect(analytics).toBeFocused();
      await page.keyboard.press('Space');
      await expect(analytics).toBeChecked();
      await page.keyboard.press('Tab');
      await expect(banner.getByRole('button', { name: 'Keuze opslaan' })).toBeFocused();
      await page.screenshot({ path: `shots/consent-choose-${release ? 'before' : 'after'}-scripts-375.png` });
      await page.keyboard.press('Enter');
      await expect(banner).toBeHidden();
      expect(JSON.parse(decodeURIComponent((await context.cookies()).find((c) => c.name === 'consent')?.value ?? ''))).toEqual({ analytics: true });
      release?.();
    });
  }

  test('a visitor whose focus is on the menu toggle keeps it there when the page scripts take the menu over', async ({ page }) => {
    const release = holdPageScripts(page);
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await page.locator('summary.mobile-menu-toggle').focus();
    release();
    await hydrated(page);
    await expect(page.locator('button.mobile-menu-toggle')).toBeFocused();
  });

  test('at 375 px the open menu is not covered by the banner', async ({ page }) => {
    await open(page, '/', PHONE);
    await expect(page.locator('[data-consent-banner]')).toBeVisible();
    await openMobileMenu(page);
    const hidden = await page.locator('#mobile-menu-panel a').evaluateAll((links) =>
      links
        .filter((a) => {
          const r = a.getBoundingClientRect();
          if (r.height === 0 || r.bottom > innerHeight || r.top < 0) return false;
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return !a.contains(top);
        })
        .map((a) => a.textContent?.trim()),
    );
    expect(hidden).toEqual([]);
  });

  test('without JavaScript nothing is asked and nothing loads', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const foreign = foreignRequests(page);
    await page.goto('/');
    await expect(page.locator('[data-consent-banner]')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Alles accepteren' })).toHaveCount(0);
    expect(foreign).toEqual([]);
    await context.close();
  });

  // The banner is in the first paint, not added when the page's scripts have loaded (after
  // the load event), and its buttons work in between.
  test('before the page scripts run, the banner shows and its choice is stored', async ({ page, context }) => {
    const release = holdPageScripts(page);
    await page.goto('/');
    const banner = page.locator('[data-consent-banner]');
    await expect(banner).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-consent'))).toBe(false);
    await banner.getByRole('button', { name: 'Alles weigeren' }).click();
    await expect(banner).toBeHidden();
    expect(JSON.parse(decodeURIComponent((await context.cookies()).find((c) => c.name === 'consent')?.value ?? ''))).toEqual({ analytics: false });
    release();
    await hydrated(page);
    await expect(page.locator('html[data-consent="denied"]')).toHaveCount(1);
    await expect(banner).toBeHidden();
  });

  test('"choose" pressed before the page scripts run opens the choice once they have', async ({ page, context }) => {
    const release = holdPageScripts(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Zelf kiezen' }).click();
    release();
    await hydrated(page);
    const banner = page.locator('[data-consent-banner]');
    await expect(banner.getByRole('checkbox', { name: /Analytisch/ })).toBeVisible();
    await banner.getByRole('button', { name: 'Keuze opslaan' }).click();
    await expect(banner).toBeHidden();
    expect(JSON.parse(decodeURIComponent((await context.cookies()).find((c) => c.name === 'consent')?.value ?? ''))).toEqual({ analytics: false });
  });
});

test.describe('accessibility (axe)', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`home at ${viewport.width} px: banner, menu closed and menu open`, async ({ page }) => {
      const consoleWatch = watchConsole(page);
      await open(page, '/', viewport);
      await expect(page.locator('[data-consent-banner]')).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Alles weigeren' }).click();
      await expectNoAxeViolations(page);

      if (viewport === PHONE) {
        await openMobileMenu(page);
      } else {
        await page.locator('.site-nav .has-dropdown').first().hover();
        await expect(page.locator('.site-nav-dropdown').first()).toBeVisible();
      }
      await expectNoAxeViolations(page);
      consoleWatch.expectNone();
    });
  }

  // Scoped to the chrome: the page's own blocks are checked by their own tests.
  test('header, footer and banner in dark mode, menu open and closed', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const viewport of [PHONE, DESKTOP]) {
      await open(page, '/', viewport);
      expect(await page.evaluate(() => document.documentElement.className)).toContain('dark');
      const chromeOnly = () => expectNoAxeViolations(page, { include: ['header.site-header', 'footer.site-footer', '[data-consent-banner]', '.support-button'] });
      await chromeOnly();
      if (viewport === PHONE) await page.locator('button.mobile-menu-toggle').click();
      else await page.locator('.site-nav .has-dropdown').first().hover();
      await transitionsDone(page.locator(viewport === PHONE ? '#mobile-menu-panel' : '.site-nav'));
      await chromeOnly();
    }
  });
});

// The class: a fixed element never covers the element that has focus. Tab scrolls each focused
// element clear of the heart in the corner (scroll-padding), to the very last links of the page.
test.describe('the heart button', () => {
  for (const path of ['/', '/over-ons', '/en/blog']) {
    test(`at 375 px it covers no focused element on ${path}`, async ({ page, context, baseURL }) => {
      await decided(context, baseURL);
      await open(page, path, PHONE);
      const covered: string[] = [];
      let shot = false;
      for (let stop = 1; stop <= 150; stop++) {
        await page.keyboard.press('Tab');
        const hit = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          const heart = document.querySelector('.support-button');
          if (!el || el === document.body || !heart || heart === el || heart.contains(el)) return null;
          const r = el.getBoundingClientRect();
          const h = heart.getBoundingClientRect();
          const overlaps = r.width > 0 && r.left < h.right && r.right > h.left && r.top < h.bottom && r.bottom > h.top;
          return overlaps ? `${el.tagName.toLowerCase()} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 40)}"` : null;
        });
        if (hit) {
          covered.push(`stop ${stop}: ${hit}`);
          if (!shot) await page.screenshot({ path: `shots/heart-covers-${path.replace(/\W+/g, '-')}-375.png` });
          shot = true;
        }
      }
      expect(covered).toEqual([]);
    });
  }
});
