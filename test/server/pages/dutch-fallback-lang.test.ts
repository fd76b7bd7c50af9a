// Class: Dutch text read as English. An English page shows text that exists only in Dutch where
// the English content lacks it; the element holding it says so (lang="nl"), or a screen reader
// reads it with English pronunciation. The fallbacks: a region's description or the whole
// region (the districts route answers in the page's language, the Dutch record fills the gaps),
// an image's own text from the media library (Dutch) where the English record gives none, and
// the Dutch event the header promotes when no English one is to come. Checked over every English
// page of the embedded content, and over a content service whose English lacks each of them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import request from 'supertest';
import { editedSnapshotResponder, startFakeContentService } from '../../support/fake-content-service';
import { testApp } from '../../support/test-app';

type Run = { text: string; lang: string | null; alt: boolean };

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (_, code: string) =>
    code[0] === '#' ? String.fromCodePoint(code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1))) : ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' } as Record<string, string>)[code.toLowerCase()]!,
  );

/** The body's texts and image texts, each with the language of the element holding it (the
 * nearest lang attribute; <html lang> for the rest). */
function runs(html: string): Run[] {
  const pageLang = /<html lang="(\w+)"/.exec(html)?.[1] ?? null;
  const body = html.slice(html.indexOf('<body')).replace(/<(script|style|template)\b[\s\S]*?<\/\1>|<!--[\s\S]*?-->/gi, '');
  const stack: Array<{ tag: string; lang: string | null }> = [{ tag: 'html', lang: pageLang }];
  const out: Run[] = [];
  for (const m of body.matchAll(/<(\/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|([^<]+)/g)) {
    const [, closing, tag, attributes = '', selfClosing, text] = m;
    const lang = stack.at(-1)!.lang;
    if (text !== undefined) {
      const t = decode(text).replace(/\s+/g, ' ').trim();
      if (t) out.push({ text: t, lang, alt: false });
      continue;
    }
    const name = tag!.toLowerCase();
    if (closing) {
      const at = stack.map((s) => s.tag).lastIndexOf(name);
      if (at > 0) stack.length = at;
      continue;
    }
    const own = /\slang="([^"]*)"/.exec(attributes)?.[1] ?? lang;
    if (name === 'img') {
      const alt = /\salt="([^"]*)"/.exec(attributes)?.[1];
      if (alt) out.push({ text: decode(alt), lang: own, alt: true });
    }
    if (!VOID.has(name) && !selfClosing) stack.push({ tag: name, lang: own });
  }
  return out;
}

/** Every sentence (25 characters or more) of the Dutch content that the English content lacks.
 * A file's own text in the English records is the media library's, in Dutch: not English. */
function dutchOnly(dir: string): string[] {
  const sentences = (locale: string) => {
    const found = new Set<string>();
    const walk = (value: unknown, key = ''): void => {
      if (typeof value === 'string') {
        if (/^(slug|documentId|url|locale|\w+At|mime|hash|ext)$/.test(key) || (locale === 'en' && key === 'alternativeText')) return;
        for (const part of value.replace(/[#*_>`[\]]|\((?:https?:|\/)[^)]*\)/g, ' ').split(/(?<=[.!?])\s+|\n+/)) {
          const sentence = part.replace(/\s+/g, ' ').trim();
          if (sentence.length >= 25) found.add(sentence);
        }
      } else if (Array.isArray(value)) value.forEach((v) => walk(v, key));
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
    };
    for (const name of ['pages', 'blog-posts', 'courses', 'vacancies', 'locations', 'districts', 'team-members', 'partners', 'events', 'single/global']) {
      walk(JSON.parse(readFileSync(path.join(dir, locale, `${name}.json`), 'utf8')));
    }
    return found;
  };
  const english = sentences('en');
  return [...sentences('nl')].filter((s) => !english.has(s));
}

/** The Dutch-only sentences an English page shows outside an element marked lang="nl". */
function unmarkedDutch(html: string, dutch: readonly string[]): string[] {
  return runs(html)
    .filter((run) => run.lang !== 'nl')
    .flatMap((run) => dutch.filter((sentence) => run.text.includes(sentence)).map((sentence) => `${run.alt ? 'alt ' : ''}"${sentence}" (lang ${run.lang})`));
}

const englishPaths = (sitemap: string) =>
  [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).filter((p) => p === '/en' || p.startsWith('/en/'));
/** English pages no sitemap lists that show content: a search's outcomes, a sign-up. */
const ENGLISH_QUERIES = ['/en/locaties?age=16&postcode=4001AB', '/en/locaties?age=20&postcode=9999AB', '/en/aanmelden?locatie=tiel-12-16'];

test('the embedded content: no English page shows Dutch-only text outside lang="nl", and a region is described in English', async () => {
  const { app } = testApp();
  const dutch = dutchOnly('content/snapshot');
  const paths = [...englishPaths((await request(app).get('/sitemap.xml').expect(200)).text), ...ENGLISH_QUERIES];
  assert.ok(paths.length >= 30, `${paths.length} English pages`);
  const problems: string[] = [];
  for (const p of paths) {
    const res = await request(app).get(p).expect(200);
    for (const found of unmarkedDutch(res.text, dutch)) problems.push(`${p}: ${found}`);
  }
  assert.deepEqual(problems, []);
  const region = await request(app).get('/en/regio/rivierenland').expect(200);
  assert.ok(runs(region.text).some((r) => r.lang === 'en' && r.text.startsWith('The area between the big rivers')), 'the English description');
});

test('English content without a region description, a whole region, an image text and an event: the Dutch shows, marked lang="nl", and only there', async (t) => {
  const edits = {
    // An editor made the English regions without their descriptions, and no English Utrecht.
    'en/districts': (records: Array<Record<string, unknown>>) => records.filter((r) => r.slug !== 'utrecht').map((r) => ({ ...r, description: null })),
    // Culemborg's English record gives its photograph no text of its own.
    'en/locations': (records: Array<Record<string, unknown>>) => records.map((r) => (r.slug === 'culemborg' ? { ...r, imageAlt: null } : r)),
    // No English event: the header promotes the Dutch one.
    'en/events': () => [],
  };
  const strapi = await startFakeContentService(editedSnapshotResponder(edits));
  t.after(() => strapi.down());
  const { app } = testApp({ strapiUrl: strapi.url });
  const dutchRecord = (name: string, slug: string) => (JSON.parse(readFileSync(`content/snapshot/nl/${name}.json`, 'utf8')) as Array<Record<string, string>>).find((r) => r.slug === slug)!;
  const marked = (html: string, text: string, alt = false) => runs(html).filter((r) => r.alt === alt && r.text.includes(text)).map((r) => r.lang);

  const rivierenland = await request(app).get('/en/regio/rivierenland').expect(200);
  const description = dutchRecord('districts', 'rivierenland').description!.split('. ')[0]!;
  assert.deepEqual(marked(rivierenland.text, description), ['nl'], 'the Dutch description, marked');
  assert.deepEqual(marked(rivierenland.text, 'These are the groups in Rivierenland'), ['en'], 'the page around it stays English');

  const utrecht = await request(app).get('/en/regio/utrecht').expect(200);
  assert.match(utrecht.text, /<h1 class="detail-title" lang="nl">/, 'the Dutch region: its name marked');
  assert.deepEqual(marked(utrecht.text, dutchRecord('districts', 'utrecht').description!.split('. ')[0]!), ['nl']);

  const culemborg = await request(app).get('/en/locatie/culemborg').expect(200);
  assert.deepEqual(marked(culemborg.text, 'De kabels van een brug tegen een blauwe lucht', true), ['nl'], "the file's Dutch text, marked");
  const tiel = await request(app).get('/en/locatie/tiel-12-16').expect(200);
  assert.deepEqual(marked(tiel.text, 'The cables of a bridge against a blue sky', true), ['en'], "a record's own English text is not marked");

  const home = await request(app).get('/en').expect(200);
  assert.match(home.text, /<a class="event-button[^"]*" href="\/stronger-together-2027">.*?Event: <span lang="nl">Stronger Together<\/span><\/a>/, 'the Dutch event, marked');

  // Every English page: no Dutch-only text outside lang="nl".
  const dutch = dutchOnly('content/snapshot');
  const problems: string[] = [];
  for (const p of [...englishPaths((await request(app).get('/sitemap.xml').expect(200)).text), '/en/regio/utrecht', ...ENGLISH_QUERIES]) {
    const res = await request(app).get(p).expect(200);
    for (const found of unmarkedDutch(res.text, dutch)) problems.push(`${p}: ${found}`);
  }
  assert.deepEqual(problems, []);

  // Dutch pages mark nothing: their text is in the page's language.
  for (const p of ['/regio/rivierenland', '/locatie/culemborg', '/']) {
    const res = await request(app).get(p).expect(200);
    const main = res.text.slice(res.text.indexOf('<main'), res.text.indexOf('</main>'));
    assert.doesNotMatch(main, /\slang="/, `${p}: no lang inside <main>`);
  }
});
