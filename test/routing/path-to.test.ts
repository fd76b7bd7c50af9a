// Every page link comes from the path table: pathTo builds it for the visitor's language, and
// no source file in src/ or server/ types a page's path by hand.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { languagePair } from '../../src/routing/path-lookup';
import { PATH_TABLE, type PathRow } from '../../src/routing/path-table';
import { pathTo } from '../../src/routing/path-to';
import { stringLiterals } from '../support/string-literals';

test('a Dutch row: the same path in both languages, English under /en', () => {
  assert.equal(pathTo('contact', 'nl'), '/contact');
  assert.equal(pathTo('contact', 'en'), '/en/contact');
  assert.equal(pathTo('home', 'nl'), '/');
  assert.equal(pathTo('home', 'en'), '/en');
});

test('a row with its own English path: that path under /en', () => {
  assert.equal(pathTo('over-ons', 'nl'), '/over-ons');
  assert.equal(pathTo('over-ons', 'en'), '/en/about');
  assert.equal(pathTo('wachtwoord-wijzigen', 'en'), '/en/account/password');
  assert.equal(pathTo('registreren', 'en'), '/en/register');
});

test('a row without an English path: the Dutch pattern under /en', () => {
  assert.equal(pathTo('blog-slug', 'nl', { slug: 'een-bericht' }), '/blog/een-bericht');
  assert.equal(pathTo('blog-slug', 'en', { slug: 'een-bericht' }), '/en/blog/een-bericht');
});

test('parameters are filled in URL-encoded; a catch-all keeps its slashes', () => {
  assert.equal(pathTo('locatie-slug', 'en', { slug: 'tiel 12/16' }), '/en/locatie/tiel%2012%2F16');
  assert.equal(pathTo('regio-slug', 'nl', { slug: 'rivierenland' }), '/regio/rivierenland');
  assert.equal(pathTo('slug', 'nl', { slug: 'over-ons/ons team' }), '/over-ons/ons%20team');
});

test('the query is appended encoded, leaving out undefined values', () => {
  assert.equal(pathTo('aanmelden', 'en', undefined, { locatie: 'online' }), '/en/aanmelden?locatie=online');
  assert.equal(pathTo('locaties', 'nl', undefined, { postcode: '4001 AB', age: '17', municipality: undefined }), '/locaties?postcode=4001+AB&age=17');
  assert.equal(pathTo('doneren', 'nl', undefined, {}), '/doneren');
});

test('a parameter the pattern lacks, or one it needs but is not given, fails the typecheck and throws', () => {
  // @ts-expect-error: the contact page has no parameters
  assert.throws(() => pathTo('contact', 'nl', { slug: 'x' }), /has no parameter slug/);
  // @ts-expect-error: a location's page has a slug, no id
  assert.throws(() => pathTo('locatie-slug', 'nl', { slug: 'x', id: '1' }), /has no parameter id/);
  // @ts-expect-error: a location's page needs its slug
  assert.throws(() => pathTo('locatie-slug', 'nl'), /no value for slug/);
});

test('pathTo and the language switch agree on every row with an English path', () => {
  for (const row of PATH_TABLE as readonly PathRow[]) {
    if (row.en === undefined) continue;
    const params = Object.fromEntries([...row.path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, 'x']));
    const name = row.name as 'slug';
    const pair = { nl: pathTo(name, 'nl', params as { slug: string }), en: pathTo(name, 'en', params as { slug: string }) };
    assert.deepEqual(languagePair(pair.nl), pair, row.name);
    assert.deepEqual(languagePair(pair.en), pair, row.name);
  }
});

// --- No page path typed by hand ---------------------------------------------------------

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The table itself is where the paths are written. */
const THE_TABLE = 'src/routing/path-table.ts';

/** The pages of the table (not its redirects and form posts), as literal prefixes: a fixed
 * path whole, a pattern up to its first parameter. The home page and the catch-all (`/`) are
 * left out: every path starts with it. */
const PAGE_PATHS = (PATH_TABLE as readonly PathRow[])
  .filter((row) => row.routed || row.content !== undefined)
  .flatMap((row) => [row.path, ...(row.en === undefined ? [] : [row.en])])
  .map((pattern) => {
    const param = pattern.indexOf('/:');
    return param === -1 ? { prefix: pattern, fixed: true } : { prefix: pattern.slice(0, param + 1), fixed: false };
  })
  .filter((page) => page.prefix !== '/');

/** Whether a literal's text begins with a page's path (after an `/en` prefix, if any). */
function namesPage(text: string): boolean {
  const bare = text.startsWith('/en/') ? text.slice(3) : text;
  return PAGE_PATHS.some(({ prefix, fixed }) => (fixed ? bare === prefix || /^[/?#]/.test(bare.slice(prefix.length)) && bare.startsWith(prefix) : bare.startsWith(prefix)));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

function handTypedPaths(file: string, source: string): string[] {
  return stringLiterals(source)
    .filter((literal) => namesPage(literal.text))
    .map((literal) => `${file}:${literal.line}: ${JSON.stringify(literal.text)}`);
}

test('the scan finds a hand-typed page path in a quote, an attribute and a template, not in a comment', () => {
  const view = [
    '// links to `/contact` and "/locaties"',
    "const a = '/contact';",
    'const b = <a href="/tips">x</a>;',
    'const c = `/locatie/${slug}`;',
    'const d = `${origin}/en/doneren/bedankt?donatie=${id}`;',
    "const e = localePath(locale, '/locaties?bijhouden=1');",
    "const f = '/contactformulier' + '/api/captcha' + '/';",
    '/* "/blog" */ const g = /"\\/tips"/.test(x) ? 1 : 2;',
  ].join('\n');
  assert.deepEqual(handTypedPaths('view.tsx', view), [
    'view.tsx:2: "/contact"',
    'view.tsx:3: "/tips"',
    'view.tsx:4: "/locatie/"',
    'view.tsx:5: "/en/doneren/bedankt?donatie="',
    'view.tsx:6: "/locaties?bijhouden=1"',
  ]);
});

test('no source file in src/ or server/ types a page path by hand: each comes from pathTo', () => {
  const found = [...sourceFiles('src'), ...sourceFiles('server')]
    .filter((file) => file !== THE_TABLE)
    .flatMap((file) => handTypedPaths(file, readFileSync(path.join(ROOT, file), 'utf8')));
  assert.deepEqual(found, [], `page paths typed by hand (use pathTo from src/routing/path-to.ts):\n${found.join('\n')}`);
});
