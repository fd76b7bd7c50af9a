// No page breaks its own Content Security Policy (zod's JIT probe once tried `eval` on
// /doe-de-test/start). Every page type is loaded with JavaScript and used a little
// (a form's rules and the test's details step load zod); any `securitypolicyviolation` event or
// console message about the policy fails the test.
import { expect, test, type Page } from '@playwright/test';
import { PORT } from '../playwright.config';
import { hydrated } from './support';

type Violation = { directive: string; blocked: string; source: string };

async function watchPolicy(page: Page) {
  await page.addInitScript(() => {
    const found: Violation[] = [];
    (window as unknown as { __cspViolations: Violation[] }).__cspViolations = found;
    document.addEventListener('securitypolicyviolation', (e) =>
      found.push({ directive: e.effectiveDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}` }),
    );
  });
  const messages: string[] = [];
  page.on('console', (msg) => {
    if (/Content.Security.Policy/i.test(msg.text())) messages.push(`${page.url()}: ${msg.text()}`);
  });
  const violations = async () => {
    const found = await page.evaluate(() => (window as unknown as { __cspViolations?: Violation[] }).__cspViolations ?? []);
    return found.map((v) => `${page.url()}: ${v.directive} blocked ${v.blocked || '(inline)'} at ${v.source}`);
  };
  return { messages, violations };
}

/** [what, path]: one page of every type. */
const PAGES: ReadonlyArray<[string, string]> = [
  ['home', '/'],
  ['content page', '/over-ons'],
  ['find a group with a search', '/locaties?age=14&postcode=4001+AB'],
  ['blog index', '/blog'],
  ['blog post', '/blog/nieuwe-groep-in-geldermalsen'],
  ['event', '/stronger-together-2025'],
  ['location page', '/locatie/tiel-12-16'],
  ['donations', '/doneren'],
  ['English home', '/en'],
];

test.beforeEach(async ({ context }) => {
  // The analytics question answered (refused): no tag manager is loaded from outside.
  await context.addCookies([{ name: 'consent', value: encodeURIComponent(JSON.stringify({ analytics: false })), url: `http://127.0.0.1:${PORT}` }]);
});

test('no page type breaks the Content Security Policy', async ({ page }) => {
  const policy = await watchPolicy(page);
  const found: string[] = [];
  const check = async () => found.push(...(await policy.violations()));

  for (const [, path] of PAGES) {
    expect((await page.goto(path))?.status(), path).toBe(200);
    await hydrated(page);
    await check();
  }

  expect((await page.goto('/deze/pagina/bestaat/niet'))?.status()).toBe(404);
  await hydrated(page);
  await check();

  // A form page, used: its rules (zod) load on focus and run on leaving a field.
  await page.goto('/contact');
  await hydrated(page);
  const email = page.locator('#formulier-contact').getByLabel('E-mailadres');
  await email.fill('not an address');
  await email.blur();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await check();

  // The test: its start, a question, and the details step, whose check runs the schema.
  await page.goto('/doe-de-test/start');
  await hydrated(page);
  await check();
  await page.getByTestId('test-flow-ready').click();
  await expect(page.getByText('Vraag 1 van 11')).toBeVisible();
  for (let i = 0; i < 11; i++) {
    await page.getByLabel('Nee', { exact: true }).check();
    await page.getByRole('button', { name: 'Volgende' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Over jou' })).toBeFocused();
  await page.getByLabel('Postcode').fill('12');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByLabel('Postcode')).toHaveAttribute('aria-invalid', 'true');
  await check();

  expect([...found, ...policy.messages]).toEqual([]);
});
