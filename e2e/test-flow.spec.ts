// The loneliness test: the flow with JavaScript (going back and changing an answer),
// the plain form without it, the advice per band, storing only with consent, the result mail
// queued in the outbox, axe on every step, keyboard only.
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR, PORT } from '../playwright.config';
import { expectNoAxeViolations, hydrated, watchConsole } from './support';

type A = 'Ja' | 'Min of meer' | 'Nee';
const POSITIVE = new Set([1, 4, 7, 8, 11]);
/** Answer patterns for totals 0, 5, 9 and 11. */
const PATTERNS: Record<number, A[]> = {
  0: Array.from({ length: 11 }, (_, i) => (POSITIVE.has(i + 1) ? 'Ja' : 'Nee')),
  5: Array.from({ length: 11 }, () => 'Nee'),
  9: Array.from({ length: 11 }, (_, i) => (POSITIVE.has(i + 1) ? (i + 1 <= 7 ? 'Nee' : 'Ja') : 'Ja')),
  11: Array.from({ length: 11 }, () => 'Min of meer'),
};
const BAND: Record<number, { band: string; label: string }> = {
  0: { band: 'not-lonely', label: 'Niet eenzaam' },
  5: { band: 'moderately-lonely', label: 'Matig eenzaam' },
  9: { band: 'severely-lonely', label: 'Ernstig eenzaam' },
  11: { band: 'very-severely-lonely', label: 'Zeer ernstig eenzaam' },
};

function db() {
  return new Database(`${E2E_DATA_DIR}/${PORT}/joinus.sqlite`, { readonly: true, fileMustExist: true });
}
/** Every stored test record (anonymous: the answers, score, age and postcode area). */
function allStoredTests(): Array<Record<string, unknown>> {
  const d = db();
  try {
    return (d.prepare("SELECT data FROM submissions WHERE form = 'loneliness-test' ORDER BY rowid").all() as Array<{ data: string }>).map((r) => JSON.parse(r.data));
  } finally {
    d.close();
  }
}
/** What a test filled in: its total, age and postcode area. The records are anonymous, so a test
 * counts the records of its own profile, which no other test of the suite (these run in
 * parallel, beside the rest) stores. */
type Profile = { total: number; age: number; postcodeArea: string };
/** The stored records of `profile`, oldest first. */
function storedTests(profile: Profile): Array<Record<string, unknown>> {
  return allStoredTests().filter((r) => r.total === profile.total && r.age === profile.age && r.postcodeArea === profile.postcodeArea);
}
function resultMails(to: string): Array<{ kind: string; submission_id: string | null; message: string }> {
  const d = db();
  try {
    return d.prepare('SELECT kind, submission_id, message FROM mail_outbox WHERE message LIKE ?').all(`%${to}%`) as Array<{ kind: string; submission_id: string | null; message: string }>;
  } finally {
    d.close();
  }
}

/** Stored records are anonymous and alike from run to run; the store tells a resend only by the
 * flow's submission id, so every run (and the plain form, which has none) adds a record. The
 * profiles (total, age, postcode area) of the tests here differ from each other's. */
const AGE = '19';

const axe = (page: Page, what: string) => expectNoAxeViolations(page, { label: what });

async function startFlow(page: Page, path = '/doe-de-test/start') {
  await page.goto(path);
  await hydrated(page);
  await page.getByTestId('test-flow-ready').click();
}

async function answerAll(page: Page, answers: A[]) {
  for (const [i, a] of answers.entries()) {
    await expect(page.getByText(`Vraag ${i + 1} van 11`)).toBeVisible();
    await page.getByLabel(a, { exact: true }).check();
    await page.getByRole('button', { name: 'Volgende' }).click();
  }
}

async function aboutAndConsent(page: Page, postcode: string, age: string, consent: boolean) {
  await expect(page.getByRole('heading', { level: 1, name: 'Over jou' })).toBeFocused();
  await page.getByLabel('Postcode').fill(postcode);
  await page.getByLabel('Leeftijd').fill(age);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Mogen we je antwoorden bewaren/ })).toBeFocused();
  await page.getByLabel(consent ? 'Ja, bewaar mijn antwoorden anoniem' : 'Nee, niet bewaren').check();
  await page.getByRole('button', { name: 'Bekijk mijn uitslag' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jouw uitslag' })).toBeVisible({ timeout: 20_000 });
}

// The site's analytics question is answered (refused) beforehand: its banner would cover the flow.
test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'consent', value: encodeURIComponent(JSON.stringify({ analytics: false })), url: `http://127.0.0.1:${PORT}` }]);
});

test.describe('with JavaScript', () => {
  test('the whole flow, going back and changing an answer; axe on every step; stored with consent, mail queued', async ({ page }) => {
    const console = watchConsole(page);
    const profile = { total: 1, age: Number(AGE), postcodeArea: '4001' };
    const before = storedTests(profile).length;
    await page.goto('/doe-de-test/start');
    await hydrated(page);
    await axe(page, 'start');
    await page.getByTestId('test-flow-ready').click();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(page.getByText('Vraag 1 van 11')).toBeVisible();
    await expect(page.locator('progress.test-progress-bar')).toHaveAttribute('value', '1');
    await axe(page, 'question 1');
    // Without an answer the flow does not go on.
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page.getByRole('alert')).toHaveText('Kies een antwoord om verder te gaan.');
    const answers = [...PATTERNS[0]!];
    for (let i = 0; i < 3; i++) {
      await page.getByLabel(answers[i]!, { exact: true }).check();
      await page.getByRole('button', { name: 'Volgende' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    }
    await expect(page.getByText('Vraag 4 van 11')).toBeVisible();
    // Back to question 3: its answer is kept; change it to "min of meer" (total 1, still not lonely).
    await page.getByRole('button', { name: 'Vorige vraag' }).click();
    await expect(page.getByText('Vraag 3 van 11')).toBeVisible();
    await expect(page.getByLabel(answers[2]!, { exact: true })).toBeChecked();
    await page.getByLabel('Min of meer', { exact: true }).check();
    await page.getByRole('button', { name: 'Volgende' }).click();
    for (let i = 3; i < 11; i++) {
      await expect(page.getByText(`Vraag ${i + 1} van 11`)).toBeVisible();
      await page.getByLabel(answers[i]!, { exact: true }).check();
      if (i === 10) await axe(page, 'question 11 answered');
      await page.getByRole('button', { name: 'Volgende' }).click();
    }
    await axe(page, 'about you');
    const age = AGE;
    await page.getByLabel('Postcode').fill('12');
    await page.getByLabel('Leeftijd').fill(age);
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(page.locator('#test-postcode-error')).toBeVisible();
    await axe(page, 'about you with an error');
    await page.getByLabel('Postcode').fill('4001 AA');
    await page.getByRole('button', { name: 'Volgende' }).click();
    await axe(page, 'consent');
    await page.getByLabel('Ja, bewaar mijn antwoorden anoniem').check();
    await page.getByLabel(/onderzoek/).check();
    await page.getByRole('button', { name: 'Bekijk mijn uitslag' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Jouw uitslag' })).toBeFocused({ timeout: 20_000 });
    await expect(page.getByTestId('test-score')).toHaveText('Je score: 1 van de 11');
    await expect(page.locator('.test-result-band')).toHaveText('Niet eenzaam');
    await expect(page.getByText(/indicatie, geen diagnose/)).toBeVisible();
    await expect(page.getByTestId('test-stored')).toHaveText('Je antwoorden zijn anoniem bewaard. Dank je wel.');
    await axe(page, 'result');

    const stored = storedTests(profile);
    expect(stored.length).toBe(before + 1);
    const record = stored.at(-1)!;
    expect(record).toMatchObject({ total: 1, band: 'not-lonely', age: Number(age), postcodeArea: '4001', researchPermission: true });
    expect(JSON.stringify(record)).not.toMatch(/@|AA/);

    const to = `test-flow-${Date.now()}@example.nl`;
    await page.getByLabel('E-mailadres', { exact: true }).fill(to);
    await page.getByRole('button', { name: 'Stuur mijn uitslag' }).click();
    await expect(page.getByTestId('test-mail-sent')).toHaveText('Je resultaten zijn verstuurd.', { timeout: 20_000 });
    await axe(page, 'result mailed');
    const mails = resultMails(to);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('loneliness-test.result');
    expect(mails[0]!.submission_id).toBeNull();
    // The address went into the mail only: no stored answers carry it, and no new record came.
    expect(storedTests(profile).length).toBe(before + 1);
    expect(JSON.stringify(allStoredTests())).not.toContain(to);
    console.expectNone();
  });

  for (const total of [0, 5, 9, 11]) {
    test(`the advice for a total of ${total} (${BAND[total]!.band}), without consent nothing stored`, async ({ page }) => {
      const age = total === 9 ? '16' : '22';
      const profile = { total, age: Number(age), postcodeArea: '4001' };
      const before = storedTests(profile).length;
      await startFlow(page);
      await answerAll(page, PATTERNS[total]!);
      await aboutAndConsent(page, '4001 AA', age, false);
      await expect(page.getByTestId('test-score')).toHaveText(`Je score: ${total} van de 11`);
      await expect(page.locator('.test-result')).toHaveAttribute('data-band', BAND[total]!.band);
      await expect(page.locator('.test-result-band')).toHaveText(BAND[total]!.label);
      await expect(page.getByText(/indicatie, geen diagnose/)).toBeVisible();
      await expect(page.getByRole('heading', { name: '113 Zelfmoordpreventie' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Je huisarts' })).toBeVisible();
      // De Kindertelefoon only under 18 (age 16 for total 9).
      await expect(page.getByRole('heading', { name: 'De Kindertelefoon' })).toHaveCount(total === 9 ? 1 : 0);
      const helpFirst = total >= 9;
      const order = await page.evaluate(() => {
        const help = document.querySelector('.test-help');
        const panel = document.querySelector('.test-result-panel');
        return help && panel ? Boolean(help.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING) : null;
      });
      expect(order).toBe(helpFirst);
      if (total === 0) {
        await expect(page.getByText(/Blijf investeren in de mensen om je heen/)).toBeVisible();
        await expect(page.getByTestId('test-groups')).toHaveCount(0);
        await expect(page.getByTestId('test-group-search')).toHaveCount(0);
      } else {
        // The find-a-group search for 4001 (Tiel, Rivierenland): at 16 both Tiel groups first,
        // then one more of the district; at 22 only Zaltbommel's group (16 to 25) fits.
        const groups = page.getByTestId('test-groups');
        const names = groups.getByRole('heading', { level: 3 });
        if (total === 9) await expect(names).toHaveText(['Join Us Tiel (12-16 jaar)', 'Join Us Tiel (16-21 jaar)', /^Join Us /]);
        else await expect(names).toHaveText(['Join Us Zaltbommel (16-25 jaar)']);
        const first = groups.locator('li').first();
        await expect(first.getByRole('link', { name: /Meld je aan/ })).toHaveAttribute('href', total === 9 ? '/aanmelden?locatie=tiel-12-16' : '/aanmelden?locatie=zaltbommel');
        await expect(first.getByRole('link', { name: /Meer over deze groep/ })).toHaveAttribute('href', total === 9 ? '/locatie/tiel-12-16' : '/locatie/zaltbommel');
        await expect(first).toContainText(total === 9 ? 'Om de week op woensdag, 15.30 tot 17.30 uur' : 'Om de week op vrijdag, 19.30 tot 21.30 uur');
        // The online group from 18.
        await expect(page.getByTestId('test-online-signup')).toHaveCount(total === 9 ? 0 : 1);
      }
      await expect(page.getByTestId('test-stored')).toHaveText('Je antwoorden zijn niet bewaard.');
      await axe(page, `result ${total}`);
      expect(storedTests(profile).length).toBe(before);
    });
  }

  test('no group for the age near the postcode: said so, with keep-me-posted, the region page and the online group', async ({ page }) => {
    await startFlow(page);
    await answerAll(page, PATTERNS[5]!);
    await aboutAndConsent(page, '4001 AA', '27', false);
    await expect(page.getByTestId('test-groups')).toHaveCount(0);
    await expect(page.getByTestId('test-group-none')).toHaveText('In Tiel is nog geen groep voor 27 jaar.');
    await expect(page.getByTestId('test-group-search')).toHaveAttribute('href', '/locaties?postcode=4001AA&age=27#zoekresultaat');
    await expect(page.getByTestId('test-region-link')).toHaveAttribute('href', '/regio/rivierenland');
    await expect(page.getByTestId('test-online-signup')).toHaveAttribute('href', '/aanmelden?locatie=online');
    await axe(page, 'result, no group for the age');
    // Keep-me-posted leads to the search's outcome with its form.
    await page.getByTestId('test-group-search').click();
    await expect(page.locator('#zoekresultaat')).toBeVisible();
  });

  test('no district for the postcode: said so, with keep-me-posted', async ({ page }) => {
    await startFlow(page);
    await answerAll(page, PATTERNS[11]!);
    await aboutAndConsent(page, '1011 AB', '15', false);
    await expect(page.getByTestId('test-group-none')).toHaveText('Bij postcode 1011 AB is nog geen Join Us-groep.');
    await expect(page.getByTestId('test-region-link')).toHaveCount(0);
    await expect(page.getByTestId('test-online-signup')).toHaveCount(0);
  });

  test('keyboard only: start, answer, go back, finish', async ({ page }) => {
    await page.goto('/doe-de-test/start');
    await hydrated(page);
    await page.getByTestId('test-flow-ready').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    for (let i = 0; i < 11; i++) {
      await expect(page.getByText(`Vraag ${i + 1} van 11`)).toBeVisible();
      // From the heading, Tab reaches the radio group; arrows choose; Tab past "previous" to "next".
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowDown'); // moves to and checks the second answer (min of meer)
      await expect(page.getByLabel('Min of meer', { exact: true })).toBeChecked();
      if (i === 1) {
        await page.keyboard.press('Tab');
        await expect(page.getByRole('button', { name: 'Vorige vraag' })).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(page.getByText('Vraag 1 van 11')).toBeVisible();
        await expect(page.getByLabel('Min of meer', { exact: true })).toBeChecked();
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        await expect(page.getByRole('button', { name: 'Volgende' })).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(page.getByText('Vraag 2 van 11')).toBeVisible();
        await expect(page.getByLabel('Min of meer', { exact: true })).toBeChecked();
        await page.keyboard.press('Tab');
      }
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Volgende' })).toBeFocused();
      await page.keyboard.press('Enter');
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Over jou' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.type('4001 AA');
    await page.keyboard.press('Tab');
    await page.keyboard.type('21');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: /Mogen we/ })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(page.getByLabel('Ja, bewaar mijn antwoorden anoniem')).toBeChecked();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Nee, niet bewaren')).toBeChecked();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Jouw uitslag' })).toBeFocused({ timeout: 20_000 });
    await expect(page.getByTestId('test-score')).toHaveText('Je score: 11 van de 11');
  });

  test('English under /en', async ({ page }) => {
    await page.goto('/en/doe-de-test/start');
    await hydrated(page);
    await page.getByTestId('test-flow-ready').click();
    await expect(page.getByText('Question 1 of 11')).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the plain form: every question, errors kept, then the result; nothing stored without consent; mail queued (axe: see the last test)', async ({ page }) => {
    const profile = { total: 9, age: 25, postcodeArea: '4001' };
    const before = storedTests(profile).length;
    await page.goto('/doe-de-test/start');
    await expect(page.locator('fieldset.test-question')).toHaveCount(11);
    // Only two answers: the rest are reported on their own questions, the answers kept.
    await page.locator('input[name="q1"][value="ja"]').check();
    await page.locator('input[name="q2"][value="nee"]').check();
    await page.getByRole('button', { name: 'Bekijk mijn uitslag' }).click();
    await expect(page.locator('#q3-error')).toBeVisible();
    await expect(page.locator('input[name="q1"][value="ja"]')).toBeChecked();
    const answers = PATTERNS[9]!;
    const value = { Ja: 'ja', 'Min of meer': 'min-of-meer', Nee: 'nee' } as const;
    for (const [i, a] of answers.entries()) await page.locator(`input[name="q${i + 1}"][value="${value[a]}"]`).check();
    await page.getByLabel('Postcode').fill('4001 AA');
    await page.getByLabel('Leeftijd').fill(String(profile.age));
    const to = `test-nojs-${Date.now()}@example.nl`;
    await page.getByLabel('E-mailadres', { exact: true }).fill(to);
    await page.getByRole('button', { name: 'Bekijk mijn uitslag' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Jouw uitslag' })).toBeVisible();
    await expect(page.getByTestId('test-score')).toHaveText('Je score: 9 van de 11');
    await expect(page.locator('.test-result')).toHaveAttribute('data-band', 'severely-lonely');
    // The server-rendered result names the same group the search finds (25 in Tiel: Zaltbommel).
    await expect(page.getByTestId('test-groups').getByRole('heading', { level: 3 })).toHaveText(['Join Us Zaltbommel (16-25 jaar)']);
    await expect(page.getByTestId('test-mail-sent')).toHaveText('Je resultaten zijn verstuurd.');
    await expect(page.getByTestId('test-stored')).toHaveText('Je antwoorden zijn niet bewaard.');
    expect(storedTests(profile).length).toBe(before);
    const mails = resultMails(to);
    expect(mails.map((m) => m.kind)).toEqual(['loneliness-test.result']);
  });

  test('the plain form with consent stores the answers anonymously', async ({ page }) => {
    const profile = { total: 11, age: Number(AGE), postcodeArea: '4001' };
    const before = storedTests(profile).length;
    await page.goto('/doe-de-test/start');
    for (let i = 1; i <= 11; i++) await page.locator(`input[name="q${i}"][value="min-of-meer"]`).check();
    const age = AGE;
    await page.getByLabel('Postcode').fill('4001 AB');
    await page.getByLabel('Leeftijd').fill(age);
    await page.locator('input[name="consent"]').check();
    await page.getByRole('button', { name: 'Bekijk mijn uitslag' }).click();
    await expect(page.getByTestId('test-score')).toHaveText('Je score: 11 van de 11');
    await expect(page.getByTestId('test-stored')).toHaveText('Je antwoorden zijn anoniem bewaard. Dank je wel.');
    const stored = storedTests(profile);
    expect(stored.length).toBe(before + 1);
    expect(stored.at(-1)).toMatchObject({ total: 11, band: 'very-severely-lonely', age: Number(age), postcodeArea: '4001', researchPermission: false });
  });
});

// axe needs JavaScript in the page; the plain form and the plain result are checked with the
// site's own scripts blocked instead, which leaves the server-rendered HTML as it is.
test('axe: the plain form, with errors, and the plain result (site scripts blocked)', async ({ page }) => {
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/doe-de-test/start');
  await expect(page.locator('fieldset.test-question')).toHaveCount(11);
  await axe(page, 'plain form');
  await page.locator('input[name="q1"][value="ja"]').check();
  await page.getByRole('button', { name: 'Bekijk mijn uitslag' }).click();
  await expect(page.locator('#q2-error')).toBeVisible();
  await axe(page, 'plain form with errors');
  for (let i = 1; i <= 11; i++) await page.locator(`input[name="q${i}"][value="nee"]`).check();
  await page.getByLabel('Postcode').fill('4001 AA');
  await page.getByLabel('Leeftijd').fill('20');
  await page.getByRole('button', { name: 'Bekijk mijn uitslag' }).click();
  await expect(page.getByTestId('test-score')).toHaveText('Je score: 5 van de 11');
  await axe(page, 'plain result');
});
