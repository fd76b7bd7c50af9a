// Find a group: the search and every outcome, keep-me-posted in its three variants,
// the sign-up end to end, with and without JavaScript, by keyboard, and with axe.
import { expect, test, type Page } from '@playwright/test';
import { storedWith } from './stored';
import { expectNoAxeViolations, hydrated, markWindow, watchConsole, windowMarked } from './support';

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
/** The sign-up page's form block says it in its own words. */
const SIGNED_UP = 'Je bent aangemeld!We nemen binnen een week contact met je op, via telefoon of e-mail. Spannend? Dat is heel normaal.';
/** So does the keep-me-posted block of the locations page. */
const KEPT_POSTED = 'Dank je welWe laten het je weten zodra er een groep bij jou in de buurt is.';
/** And the keep-me-posted of a search's outcome. */
const KEPT_POSTED_OUTCOME = 'Dank je welWe laten het je weten zodra er een groep voor jou is.';

async function search(page: Page, age: string, postcode: string) {
  const form = page.locator('form.find-form').first();
  await form.getByLabel('Leeftijd').fill(age);
  await form.getByLabel('Postcode', { exact: true }).fill(postcode);
  await form.getByRole('button').click();
}

const axe = (page: Page) => expectNoAxeViolations(page, { include: ['main'] });

function bornYearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 10);
  return d.toISOString().slice(0, 10);
}

const OUTCOMES = [
  { name: 'found', age: '12', postcode: '4001 AB', heading: /Er is een groep voor jou in Tiel/, text: 'Join Us Tiel (12-16 jaar)' },
  { name: 'not found', age: '20', postcode: '9999 AB', heading: /We hebben \(nog\) geen groep/, text: 'Doe mee met de online groep' },
  { name: 'too old', age: '31', postcode: '4001 AB', heading: /Join Us is er tot en met 30 jaar/, text: 'Je bent 31 jaar.' },
  { name: 'too young', age: '11', postcode: '4001 AB', heading: /Je bent nog wat te jong/, text: 'Bekijk de tips' },
];

// At 375 x 740 the page's intro and form fill the first screen: the search lands on its
// outcome, in view, and (with JavaScript) with its heading focused, so a screen reader reads it.
test.describe('on a phone a search lands on its outcome', () => {
  for (const javaScriptEnabled of [true, false]) {
    test(javaScriptEnabled ? 'with JavaScript: in view, its heading focused' : 'without JavaScript: in view', async ({ browser, baseURL }) => {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 375, height: 740 } });
      await context.addCookies([{ name: 'consent', value: encodeURIComponent(JSON.stringify({ analytics: false })), url: baseURL! }]);
      const page = await context.newPage();
      await page.goto('/locaties');
      if (javaScriptEnabled) await hydrated(page);
      await search(page, '14', '4001 LK');
      const heading = page.getByRole('heading', { name: /Er is een groep voor jou/ });
      await expect(heading).toBeInViewport();
      if (javaScriptEnabled) await expect(heading).toBeFocused();
      await expect(page).toHaveURL(/\/locaties\?age=14&postcode=4001\+LK(&municipality=)?#zoekresultaat$/);
      await context.close();
    });
  }
});

test.describe('search with JavaScript: no page load, axe clean', () => {
  for (const o of OUTCOMES) {
    test(o.name, async ({ page }) => {
      const console = watchConsole(page);
      await page.goto('/locaties');
      await hydrated(page);
      await markWindow(page);
      await search(page, o.age, o.postcode);
      await expect(page.getByRole('heading', { name: o.heading })).toBeVisible();
      await expect(page.locator('.find-outcome').getByText(o.text).first()).toBeVisible();
      expect(await windowMarked(page)).toBe(true);
      await expect(page).toHaveURL(new RegExp(`/locaties\\?age=${o.age}&postcode=`));
      await axe(page);
      console.expectNone();
    });
  }

  test('an invalid postcode: the spec message next to the field, values kept', async ({ page }) => {
    await page.goto('/locaties');
    await hydrated(page);
    await search(page, '17', '1234 SA');
    const field = page.locator('form.find-form').first().getByLabel('Postcode', { exact: true });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveValue('1234 SA');
    await expect(page.locator('.find-outcome')).toHaveCount(0);
    await axe(page);
  });

  test('a municipality that does not hold the postcode: the spec message; the right one finds the group', async ({ page }) => {
    await page.goto('/locaties');
    await hydrated(page);
    await markWindow(page);
    const form = page.locator('form.find-form').first();
    const municipality = form.getByLabel(/Gemeente of regio/);
    await form.getByLabel('Leeftijd').fill('14');
    await form.getByLabel('Postcode', { exact: true }).fill('4001 AB');
    await municipality.selectOption('Nijmegen');
    await form.getByRole('button').click();
    await expect(page).toHaveURL(/municipality=Nijmegen/);
    await expect(form.getByText('Deze postcode is niet geldig of hoort niet bij de gekozen gemeente.')).toBeVisible();
    await expect(municipality).toHaveValue('Nijmegen');
    await expect(page.locator('.find-outcome')).toHaveCount(0);
    await axe(page);
    await municipality.selectOption('Tiel');
    await form.getByRole('button').click();
    await expect(page.getByRole('heading', { name: /Er is een groep voor jou in Tiel/ })).toBeVisible();
    expect(await windowMarked(page)).toBe(true);
  });
});

test.describe('search without JavaScript: a shareable page', () => {
  test.use({ javaScriptEnabled: false });
  for (const o of OUTCOMES) {
    test(o.name, async ({ page }) => {
      await page.goto('/');
      await search(page, o.age, o.postcode);
      await expect(page).toHaveURL(new RegExp(`/locaties\\?age=${o.age}&postcode=`));
      await expect(page.getByRole('heading', { name: o.heading })).toBeVisible();
      await expect(page.locator('.find-outcome').getByText(o.text).first()).toBeVisible();
    });
  }

  // Class: a field whose type cannot hold what was typed (src/forms/input-type.ts). An age that is
  // no number ("16 jaar") comes back in view with its message, to correct; a number field showed
  // it empty. The neighbours (an email, a date) in test/forms/input-type.test.ts and vnu's walk.
  test('an age that is no number comes back as typed, with its message', async ({ page }) => {
    await page.goto('/');
    await search(page, '16 jaar', '4001AB');
    const age = page.locator('form.find-form').first().getByLabel('Leeftijd');
    await expect(age).toHaveValue('16 jaar');
    await expect(age).toHaveAttribute('aria-invalid', 'true');
  });

  test('found: sign up and read more lead to the group', async ({ page }) => {
    await page.goto('/locaties?age=12&postcode=4001+AB');
    const card = page.locator('.find-group').filter({ hasText: 'Join Us Tiel (12-16 jaar)' });
    await expect(card.getByRole('link', { name: /Lees meer/ })).toHaveAttribute('href', '/locatie/tiel-12-16');
    await card.getByRole('link', { name: /Aanmelden/ }).click();
    await expect(page).toHaveURL(/\/aanmelden\?locatie=tiel-12-16$/);
    await expect(page.getByText('Je meldt je aan voor Join Us Tiel (12-16 jaar)')).toBeVisible();
  });
});

async function fillKeepPosted(page: Page, marker: string, age?: string) {
  const form = page.locator('#formulier-keep-me-posted');
  await form.getByLabel('E-mailadres').fill(`sam+${marker}@example.nl`);
  await form.getByLabel('Postcode').fill('9999 AB');
  if (age !== undefined) await form.getByLabel(/Leeftijd/).fill(age);
  await form.getByLabel('Ik ga akkoord met het privacybeleid van Stichting Join Us.').check();
}

test.describe('keep-me-posted', () => {
  test('no location found: stored with its variant, success state (JavaScript)', async ({ page }) => {
    const marker = unique();
    await page.goto('/locaties?age=14&postcode=9999+AB');
    await hydrated(page);
    await fillKeepPosted(page, marker);
    await page.locator('#formulier-keep-me-posted').getByRole('button', { name: 'Houd me op de hoogte' }).click();
    await expect(page.getByRole('status')).toHaveText(KEPT_POSTED_OUTCOME);
    const stored = storedWith(marker);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.data.variant).toBe('no-location');
  });

  test('on a 375 px phone the outcome\'s form is not a card in a card: its inputs use the width', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/locaties?age=20&postcode=9999+AB');
    const email = page.locator('#formulier-keep-me-posted').getByLabel('E-mailadres');
    const box = await email.boundingBox();
    // Three cards deep (search panel, outcome, form) it was 175 px.
    expect(box!.width).toBeGreaterThanOrEqual(250);
  });

  test('prefers real life: axe finds nothing on the variant', async ({ page }) => {
    await page.goto('/locaties?bijhouden=prefers-real-life');
    await hydrated(page);
    await expect(page.getByText(/Je wilt liever een groep in het echt/)).toBeVisible();
    await axe(page);
  });

  test('too young: the age is required, checked in the browser, and stored (JavaScript)', async ({ page }) => {
    const marker = unique();
    await page.goto('/locaties?age=11&postcode=4001+AB');
    await hydrated(page);
    await markWindow(page);
    const form = page.locator('#formulier-keep-me-posted');
    await expect(form.getByLabel(/Leeftijd/)).toHaveValue('11');
    await expect(form.getByText('(niet verplicht)')).toHaveCount(0);
    await expect(form.getByLabel(/Leeftijd/)).toHaveAttribute('aria-required', 'true');
    await fillKeepPosted(page, marker, '');
    await form.getByRole('button', { name: 'Houd me op de hoogte' }).click();
    await expect(form.getByText('Je hebt geen leeftijd ingevuld.')).toBeVisible();
    await expect(form.getByLabel(/Leeftijd/)).toBeFocused();
    expect(storedWith(marker)).toHaveLength(0);
    await form.getByLabel(/Leeftijd/).fill('11');
    expect(await windowMarked(page)).toBe(true);
    await form.getByRole('button', { name: 'Houd me op de hoogte' }).click();
    await expect(page.getByRole('status')).toHaveText(KEPT_POSTED_OUTCOME);
    const stored = storedWith(marker);
    expect(stored[0]!.data.variant).toBe('too-young');
    expect(stored[0]!.data.age).toBe(11);
  });

  test('prefers real life, next to the online group, with JavaScript: the search\'s postcode and age are kept', async ({ page }) => {
    const marker = unique();
    await page.goto('/locaties?age=20&postcode=9999+AB');
    await hydrated(page);
    await page.getByRole('link', { name: /Liever in het echt/ }).click();
    await expect(page).toHaveURL(/bijhouden=prefers-real-life/);
    const form = page.locator('#formulier-keep-me-posted');
    await expect(page.getByText(/Je wilt liever een groep in het echt/)).toBeVisible();
    await expect(form.getByLabel('Postcode')).toHaveValue('9999 AB');
    await expect(form.getByLabel(/Leeftijd/)).toHaveValue('20');
    await fillKeepPosted(page, marker);
    await form.getByRole('button', { name: 'Houd me op de hoogte' }).click();
    await expect(page.getByRole('status')).toHaveText(KEPT_POSTED_OUTCOME);
    const stored = storedWith(marker);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.data.variant).toBe('prefers-real-life');
    expect(stored[0]!.data.postcode).toBe('9999 AB');
  });

  test('prefers real life, next to the online group, without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const marker = unique();
    await page.goto('/locaties?age=20&postcode=9999+AB');
    await page.getByRole('link', { name: /Liever in het echt/ }).click();
    await expect(page).toHaveURL(/bijhouden=prefers-real-life/);
    // What was typed for the search is kept.
    await expect(page.locator('#formulier-keep-me-posted').getByLabel('Postcode')).toHaveValue('9999 AB');
    await expect(page.locator('#formulier-keep-me-posted').getByLabel(/Leeftijd/)).toHaveValue('20');
    await fillKeepPosted(page, marker);
    await page.locator('#formulier-keep-me-posted').getByRole('button', { name: 'Houd me op de hoogte' }).click();
    // Back to the same search's outcome, the thank-you in the form's place.
    await expect(page).toHaveURL(/\/locaties\?age=20&postcode=9999\+AB&bijhouden=prefers-real-life&verzonden=keep-me-posted#formulier-keep-me-posted$/);
    await expect(page.getByRole('status')).toHaveText(KEPT_POSTED_OUTCOME);
    const stored = storedWith(marker);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.data.variant).toBe('prefers-real-life');
    await context.close();
  });
});

// One thank-you with and without JavaScript, on every page the form appears: the same words in
// the same place (a search's outcome keeps its own form, and its thank-you), focused, so a
// screen reader reads it; without JavaScript the address's fragment names the thank-you itself.
const THANK_YOU_PLACES = [
  { name: 'not found: in the outcome', path: '/locaties?age=20&postcode=9999+AB', within: '.find-outcome', text: KEPT_POSTED_OUTCOME },
  { name: 'too young: in the outcome', path: '/locaties?age=11&postcode=4001+AB', within: '.find-outcome', text: KEPT_POSTED_OUTCOME, age: '11' },
  { name: 'the locations page\'s own block', path: '/locaties', within: '.form-keep-me-posted', text: KEPT_POSTED },
  { name: 'prefers real life', path: '/locaties?bijhouden=prefers-real-life', within: '.form-keep-me-posted', text: KEPT_POSTED },
];

test.describe('keep-me-posted: the same thank-you with and without JavaScript', () => {
  for (const place of THANK_YOU_PLACES) {
    for (const javaScriptEnabled of [true, false]) {
      test(`${place.name}, ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async ({ browser }) => {
        const context = await browser.newContext({ javaScriptEnabled });
        const page = await context.newPage();
        const marker = unique();
        await page.goto(place.path);
        if (javaScriptEnabled) await hydrated(page);
        await fillKeepPosted(page, marker, place.age);
        await page.locator('#formulier-keep-me-posted').getByRole('button', { name: 'Houd me op de hoogte' }).click();
        const thanks = page.locator(place.within).getByRole('status');
        await expect(thanks).toHaveText(place.text);
        await expect(thanks).toBeFocused();
        await expect(thanks).toBeInViewport();
        await expect(page.getByRole('status')).toHaveCount(1);
        expect(storedWith(marker)).toHaveLength(1);
        await context.close();
      });
    }
  }
});

const signUpForm = (page: Page) => page.locator('#formulier-sign-up');

async function fillStep1(page: Page, age: number) {
  const form = signUpForm(page);
  await form.getByLabel('Voornaam').fill('Sam');
  await form.getByLabel('Achternaam').fill('de Vries');
  await form.getByLabel('Geboortedatum').fill(bornYearsAgo(age));
}

async function fillStep2(page: Page, marker: string) {
  const form = signUpForm(page);
  await form.getByLabel('E-mailadres').fill(`sam+${marker}@example.nl`);
  await form.getByLabel('Telefoonnummer').fill('0612345678');
  await form.getByLabel(/Hoe heb je ons gevonden/).fill(`via school ${marker}`);
  await form.getByLabel(/Ik ga akkoord met de verwerking/).check();
}

test.describe('sign-up in two steps', () => {
  test('with JavaScript: step 1 checks the age against the group, back keeps values, then sent', async ({ page }) => {
    const marker = unique();
    await page.goto('/aanmelden?locatie=tiel-12-16');
    await hydrated(page);
    await markWindow(page);
    const form = signUpForm(page);
    await expect(page.getByText('Je meldt je aan voor Join Us Tiel (12-16 jaar)')).toBeVisible();
    await expect(form.getByText('Stap 1 van 2')).toBeVisible();
    await expect(form.getByLabel('E-mailadres')).toBeHidden();
    await fillStep1(page, 20);
    await form.getByRole('button', { name: 'Volgende stap' }).click();
    // The group's range is known in the browser: no request, still step 1.
    await expect(form.getByText('Je bent 20 jaar. Deze groep is voor jongeren van 12 tot en met 16 jaar.')).toBeVisible();
    await expect(form.getByLabel('Geboortedatum')).toBeFocused();
    await expect(form.getByLabel('E-mailadres')).toBeHidden();
    await axe(page);
    await form.getByLabel('Geboortedatum').fill(bornYearsAgo(14));
    await form.getByRole('button', { name: 'Volgende stap' }).click();
    await expect(form.getByText('Stap 2 van 2')).toBeVisible();
    await expect(form.getByLabel('E-mailadres')).toBeFocused();
    await expect(form.getByLabel('Voornaam')).toBeHidden();
    await axe(page);
    await form.getByLabel('E-mailadres').fill(`sam+${marker}@example.nl`);
    await form.getByRole('button', { name: 'Vorige stap' }).click();
    await expect(form.getByLabel('Voornaam')).toHaveValue('Sam');
    await expect(form.getByLabel('Voornaam')).toBeFocused();
    await form.getByRole('button', { name: 'Volgende stap' }).click();
    await expect(form.getByLabel('E-mailadres')).toHaveValue(`sam+${marker}@example.nl`);
    await fillStep2(page, marker);
    expect(storedWith(marker)).toHaveLength(0);
    await form.getByRole('button', { name: 'Aanmelden' }).click();
    await expect(page.getByRole('status')).toHaveText(SIGNED_UP);
    expect(await windowMarked(page)).toBe(true);
    const stored = storedWith(marker);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.data).toMatchObject({ location: 'tiel-12-16', firstname: 'Sam', lastname: 'de Vries', date_of_birth: bornYearsAgo(14) });
  });

  test('the online group: 18 to 30, a 4-month programme', async ({ page }) => {
    await page.goto('/aanmelden?locatie=online');
    await expect(page.getByText(/4 maanden/).first()).toBeVisible();
    await axe(page);
  });

  test('without JavaScript: each step is a page; a misfit age keeps the group and values; then sent', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const marker = unique();
    const form = signUpForm(page);
    await page.goto('/aanmelden?locatie=culemborg');
    await fillStep1(page, 25);
    await form.getByRole('button', { name: 'Volgende stap' }).click();
    await expect(page.getByText('Je bent 25 jaar. Deze groep is voor jongeren van 12 tot en met 18 jaar.')).toBeVisible();
    await expect(page.getByText('Je meldt je aan voor Join Us Culemborg (12-18 jaar)')).toBeVisible();
    await expect(form.getByLabel('Voornaam')).toHaveValue('Sam');
    await expect(form.getByLabel('E-mailadres')).toBeHidden();
    await form.getByLabel('Geboortedatum').fill(bornYearsAgo(15));
    await form.getByRole('button', { name: 'Volgende stap' }).click();
    await expect(form.getByText('Stap 2 van 2')).toBeVisible();
    await expect(form.getByLabel('Voornaam')).toBeHidden();
    await form.getByRole('button', { name: 'Vorige stap' }).click();
    await expect(form.getByLabel('Voornaam')).toHaveValue('Sam');
    await expect(form.getByLabel('Geboortedatum')).toHaveValue(bornYearsAgo(15));
    await form.getByRole('button', { name: 'Volgende stap' }).click();
    await fillStep2(page, marker);
    expect(storedWith(marker)).toHaveLength(0);
    await form.getByRole('button', { name: 'Aanmelden' }).click();
    await expect(page).toHaveURL(/\/aanmelden\?verzonden=sign-up#formulier-sign-up$/);
    await expect(page.getByRole('status')).toHaveText(SIGNED_UP);
    const stored = storedWith(marker);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.data).toMatchObject({ location: 'culemborg', firstname: 'Sam', date_of_birth: bornYearsAgo(15) });
    await context.close();
  });
});

async function tabTo(page: Page, target: ReturnType<Page['locator']>) {
  for (let i = 0; i < 200 && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

test.describe('keyboard only', () => {
  test.use({ locale: 'en-US' });
  test('search, then sign up', async ({ page }) => {
    const marker = unique();
    await page.goto('/locaties');
    await hydrated(page);
    const age = page.locator('form.find-form').first().getByLabel('Leeftijd');
    await age.focus();
    await page.keyboard.type('12');
    await page.keyboard.press('Tab');
    await page.keyboard.type('4001 AB');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: /Er is een groep voor jou/ })).toBeVisible();
    const signUp = page.locator('.find-group').filter({ hasText: 'Join Us Tiel (12-16 jaar)' }).getByRole('link', { name: /Aanmelden/ });
    for (let i = 0; i < 200 && !(await signUp.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(signUp).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/aanmelden\?locatie=tiel-12-16$/);
    await hydrated(page);
    const first = page.locator('#formulier-sign-up').getByLabel('Voornaam');
    for (let i = 0; i < 200 && !(await first.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(first).toBeFocused();
    await page.keyboard.type('Sam');
    const form = page.locator('#formulier-sign-up');
    await tabTo(page, form.getByLabel('Achternaam'));
    await page.keyboard.type('de Vries');
    await tabTo(page, form.getByLabel('Geboortedatum'));
    const [y, m, d] = bornYearsAgo(13).split('-');
    await page.keyboard.type(`${m}${d}${y}`);
    await expect(form.getByLabel('Geboortedatum')).toHaveValue(bornYearsAgo(13));
    await tabTo(page, form.getByRole('button', { name: 'Volgende stap' }));
    await page.keyboard.press('Enter');
    // Step 2 opens with its first field focused.
    await expect(form.getByLabel('E-mailadres')).toBeFocused();
    await page.keyboard.type(`sam+${marker}@example.nl`);
    await tabTo(page, form.getByLabel('Telefoonnummer'));
    await page.keyboard.type('0612345678');
    await tabTo(page, form.getByLabel(/Ik ga akkoord met de verwerking/));
    await page.keyboard.press('Space');
    await tabTo(page, form.getByRole('button', { name: 'Aanmelden' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText(SIGNED_UP);
    expect(storedWith(marker)).toHaveLength(1);
  });
});

test('in English: search from the home page, then sign up in two steps', async ({ page }) => {
  const marker = unique();
  await page.goto('/en');
  await hydrated(page);
  await markWindow(page);
  const find = page.locator('form.find-form').first();
  await find.getByLabel('Age').fill('25');
  await find.getByLabel('Postcode', { exact: true }).fill('4001 AB');
  await find.getByRole('button').click();
  await expect(page).toHaveURL(/\/en\/locaties\?age=25&postcode=4001\+AB#zoekresultaat$/);
  // The one group for 25 near Tiel meets in Zaltbommel: the heading names where the listed group is.
  await expect(page.getByRole('heading', { name: 'There is a group for you in Zaltbommel' })).toBeVisible();
  await expect(page.getByText('There is no group for age 25 in Tiel itself yet. These groups in the Rivierenland region suit you:')).toBeVisible();
  await axe(page);
  await page.locator('.find-group').filter({ hasText: 'Join Us Zaltbommel' }).getByRole('link', { name: /Sign up/ }).click();
  await expect(page).toHaveURL(/\/en\/aanmelden\?locatie=zaltbommel$/);
  const form = signUpForm(page);
  await expect(form.getByText('Step 1 of 2')).toBeVisible();
  await form.getByLabel('First name').fill('Sam');
  await form.getByLabel('Last name').fill('de Vries');
  await form.getByLabel('Date of birth').fill(bornYearsAgo(26));
  await form.getByRole('button', { name: 'Next step' }).click();
  await expect(form.getByText("You are 26 years old. This group is for young people from 16 to 25 years old.")).toBeVisible();
  await form.getByLabel('Date of birth').fill(bornYearsAgo(25));
  await form.getByRole('button', { name: 'Next step' }).click();
  await expect(form.getByLabel('Email address')).toBeFocused();
  await form.getByLabel('Email address').fill(`sam+${marker}@example.nl`);
  await form.getByLabel('Phone number').fill('0612345678');
  await form.getByLabel(/I agree to the processing of my data/).check();
  await axe(page);
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('status')).toHaveText('You are signed up!We will contact you within a week, by phone or email. Nervous? That is completely normal.');
  expect(await windowMarked(page)).toBe(true);
  expect(storedWith(marker)[0]?.data).toMatchObject({ location: 'zaltbommel', firstname: 'Sam' });
});

test('a region page lists its groups; axe finds nothing', async ({ page }) => {
  await page.goto('/locaties?age=30&postcode=4001+AB');
  await page.getByRole('link', { name: 'Bekijk de regio Rivierenland' }).click();
  await expect(page).toHaveURL(/\/regio\/rivierenland$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rivierenland' })).toBeVisible();
  await expect(page.locator('.find-group').filter({ hasText: 'Join Us Culemborg' })).toBeVisible();
  await axe(page);
});
