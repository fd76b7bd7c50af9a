// Layout classes an outside visitor met (issue 40), each held on the page reported and on its
// neighbours with the same markup:
// - a form on a phone sits in one card at most, and its fields use the width (at least 85% of
//   the screen: 227 px of 375 was reported, a form's own card inside the block's panel);
// - a word in a card or a heading never stands on two lines at the browser's normal text size
//   ("Jongerencentru / m De Brug" on a group found); at 200% text a word may break, but no page
//   grows wider than the screen (e2e/all-pages.spec.ts);
// - a heading after text keeps at least a line of that text's height free above it (a region
//   page's h2 stood right under its text);
// - on an English page, text that exists only in Dutch is marked lang="nl", so a screen reader
//   reads it with Dutch pronunciation (every English page, and content whose English lacks a
//   text: test/server/pages/dutch-fallback-lang.test.ts).
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS_PORT } from '../playwright.config';
import { hydrated, splitWords } from './support';

type Raw = { slug: string };
const slugs = (collection: string) => (JSON.parse(readFileSync(`content/snapshot/nl/${collection}.json`, 'utf8')) as Raw[]).map((r) => r.slug);
const ACCOUNTS = `http://127.0.0.1:${ACCOUNTS_PORT}`;

/** Every page with a form a visitor fills in, and the forms a search or a link opens. */
const FORM_PAGES = [
  '/contact', '/en/contact', `/vacatures/${slugs('vacancies')[0]}`, `/academy/${slugs('courses')[0]}`, '/start-een-locatie', '/aanmelden?locatie=tiel-12-16',
  '/en/aanmelden?locatie=online', '/doneren', '/locaties', '/locaties?age=20&postcode=9999AB', '/locaties?age=11&postcode=4001AB', '/locaties?bijhouden=prefers-real-life',
  '/doe-de-test/start', `${ACCOUNTS}/login`, `${ACCOUNTS}/registreren`, `${ACCOUNTS}/wachtwoord-vergeten`,
];

/** The fields a visitor types in (not the robots' trap, not the choices), each with its width
 * and the boxes drawn around it (border, background or shadow, with padding) below <main>. */
async function formFields(page: Page) {
  return page.locator('main form').evaluateAll((forms) =>
    forms.flatMap((form) =>
      [...form.querySelectorAll<HTMLInputElement>('input, select, textarea')]
        .filter((field) => !field.closest('.form-honeypot') && !['hidden', 'checkbox', 'radio', 'submit', 'button'].includes(field.type) && field.getBoundingClientRect().width > 0)
        .map((field) => {
          const boxes: string[] = [];
          for (let box = field.parentElement; box && box.tagName !== 'MAIN'; box = box.parentElement) {
            const s = getComputedStyle(box);
            const drawn = ['Top', 'Right', 'Bottom', 'Left'].some((side) => parseFloat(s.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0) || s.backgroundColor !== 'rgba(0, 0, 0, 0)' || s.backgroundImage !== 'none' || s.boxShadow !== 'none';
            if (drawn && parseFloat(s.paddingLeft) + parseFloat(s.paddingRight) > 0) boxes.push(`.${box.className.split(' ')[0]}`);
          }
          return { name: field.name || field.id, width: Math.round(field.getBoundingClientRect().width), boxes };
        }),
    ),
  );
}

// As first sent: every field of every step on the page (the test asks its questions one at a time
// once its script runs, its typed fields last).
test.describe('forms as the server sends them', () => {
  test.use({ javaScriptEnabled: false });
  for (const width of [375, 320]) {
    test(`class "a form in nested cards": at ${width} px every form sits in one card at most and its fields are at least 85% of the screen wide`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 800 });
      const problems: string[] = [];
      for (const path of FORM_PAGES) {
        await page.goto(path);
        const fields = await formFields(page);
        if (fields.length === 0) problems.push(`${path}: no form`);
        for (const f of fields) {
          if (f.width < 0.85 * width) problems.push(`${path}: ${f.name} is ${f.width} px wide (in ${f.boxes.join(' in ') || 'no box'})`);
          if (f.boxes.length > 1) problems.push(`${path}: ${f.name} sits in ${f.boxes.length} cards: ${f.boxes.join(' in ')}`);
        }
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});

/** The groups found (reported), and neighbours: the lists of posts and vacancies, the home
 * page, the detail pages whose titles hold the longest words of the snapshot. */
const WORD_PAGES = ['/locaties?postcode=4001AB&age=16', '/regio/rivierenland', '/blog', '/vacatures', '/academy', '/', '/academy/aanpak-jongereneenzaamheid-voor-gemeenten', '/vacatures/vrijwillige-groepsbegeleider-utrecht', '/research'];

test('class "a word split over two lines": at 320, 375, 768 and 1280 px with normal text, no word in a card or a heading breaks', async ({ page }) => {
  test.setTimeout(90_000);
  const problems: string[] = [];
  for (const path of WORD_PAGES) {
    await page.goto(path);
    await hydrated(page);
    for (const width of [375, 320, 768, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const word of await splitWords(page)) problems.push(`${path} at ${width} px: ${word}`);
    }
  }
  expect(problems, problems.join('\n')).toEqual([]);
});

/** Pages whose body is text with headings: the regions (reported), a group, a post, a vacancy, a
 * course, content pages with text blocks, in both languages. */
const TEXT_PAGES = [...slugs('districts').flatMap((slug) => [`/regio/${slug}`, `/en/regio/${slug}`]), '/locatie/tiel-12-16', `/blog/${slugs('blog-posts')[0]}`, `/vacatures/${slugs('vacancies')[0]}`, `/academy/${slugs('courses')[0]}`, '/eenzaamheid', '/privacy-policy', '/en/tips'];

test('class "a heading glued to the text above it": in a page body or rich text, each h2 and h3 after text has at least a line of that text free above it', async ({ page }) => {
  test.setTimeout(90_000);
  const problems: string[] = [];
  let headings = 0;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of TEXT_PAGES) {
      await page.goto(path);
      const gaps = await page.locator('main :is(.rich-text, .detail-main) > :is(h2, h3)').evaluateAll((els) =>
        els.flatMap((heading) => {
          const above = heading.previousElementSibling;
          if (!above) return [];
          return [{ heading: (heading.textContent ?? '').trim().slice(0, 40), gap: heading.getBoundingClientRect().top - above.getBoundingClientRect().bottom, line: parseFloat(getComputedStyle(above).lineHeight) }];
        }),
      );
      headings += gaps.length;
      for (const g of gaps) if (g.gap < g.line - 0.5) problems.push(`${path} at ${width} px: "${g.heading}" has ${g.gap.toFixed(1)} px above it, the text's line is ${g.line.toFixed(1)} px`);
    }
  }
  expect(headings, 'headings after text measured').toBeGreaterThan(20);
  expect(problems, problems.join('\n')).toEqual([]);
});

/** Every sentence of the Dutch snapshot that the English one does not have: Dutch-only text. */
function dutchOnlySentences(): string[] {
  const sentences = (locale: string) => {
    const found = new Set<string>();
    const walk = (value: unknown): void => {
      if (typeof value === 'string') {
        for (const part of value.replace(/[#*_>`[\]]|\((?:https?:|\/)[^)]*\)/g, ' ').split(/(?<=[.!?])\s+|\n+/)) {
          const sentence = part.replace(/\s+/g, ' ').trim();
          if (sentence.length >= 25) found.add(sentence);
        }
      } else if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') Object.values(value).forEach(walk);
    };
    for (const name of ['districts', 'locations', 'pages', 'events']) walk(JSON.parse(readFileSync(`content/snapshot/${locale}/${name}.json`, 'utf8')));
    return found;
  };
  const english = sentences('en');
  return [...sentences('nl')].filter((s) => !english.has(s));
}

test('class "Dutch text read as English": on an English region page, text that exists only in Dutch is marked lang="nl", and the region is described in English', async ({ page }) => {
  const slug = slugs('districts')[0]!;
  const english = (JSON.parse(readFileSync('content/snapshot/en/districts.json', 'utf8')) as Array<Raw & { description: string }>).find((d) => d.slug === slug)!;
  await page.goto(`/en/regio/${slug}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const unmarked = await page.evaluate((dutch) => {
    const found: string[] = [];
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const text = (node.parentElement?.closest('p, li, dd, h1, h2, h3, a, span')?.textContent ?? node.textContent ?? '').replace(/\s+/g, ' ');
      const sentence = dutch.find((s) => text.includes(s));
      if (sentence && node.parentElement?.closest('[lang]')?.getAttribute('lang') !== 'nl') found.push(sentence);
    }
    return [...new Set(found)];
  }, dutchOnlySentences());
  expect(unmarked).toEqual([]);
  await expect(page.locator('.detail-text')).toContainText(english.description.split('. ')[0]!);
});
