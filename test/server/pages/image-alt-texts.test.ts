// Every image on the embedded content's pages keeps the alternative text it had when the seed
// kept one file per text (before the snapshot moved each page's own text into the field beside
// the image, `imageAlt`, and left one file per image). The recorded texts are in
// image-alt-texts.json: page by page, in both languages, each <img alt> and the share image's
// og:image:alt in the order the page shows them. Written by IMAGE_ALTS_RECORD=1 from the
// snapshot of f468e51; a content edit that changes a text changes the file with it.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import request from 'supertest';
import { testApp } from '../../support/test-app';

const RECORDED = path.join(import.meta.dirname, 'image-alt-texts.json');

const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The page's image texts: `img: <alt>` for each image, `og: <alt>` for the share image. */
function imageTexts(html: string): string[] {
  const texts: string[] = [];
  for (const match of html.matchAll(/<img\b[^>]*>|<meta property="og:image:alt" content="([^"]*)"/g)) {
    if (match[0].startsWith('<meta')) texts.push(`og: ${decode(match[1]!)}`);
    else texts.push(`img: ${decode(/\balt="([^"]*)"/.exec(match[0])?.[1] ?? '(none)')}`);
  }
  return texts;
}

test('every embedded page, Dutch and English, shows each image with the same alternative text as before', async () => {
  const { app } = testApp();
  const sitemap = (await request(app).get('/sitemap.xml').expect(200)).text;
  const paths = [...new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>|href="([^"]+)"/g)].map((m) => new URL(decode((m[1] ?? m[2])!)).pathname))].sort();
  assert.ok(paths.some((p) => p.startsWith('/en/')) && paths.length > 40, `both languages in the sitemap (${paths.length} pages)`);
  const now: Record<string, string[]> = {};
  for (const p of paths) {
    const res = await request(app).get(p);
    if (res.status === 200) now[p] = imageTexts(res.text);
  }
  if (process.env.IMAGE_ALTS_RECORD === '1') writeFileSync(RECORDED, `${JSON.stringify(now, null, 2)}\n`);
  const recorded = JSON.parse(readFileSync(RECORDED, 'utf8')) as Record<string, string[]>;
  const differences = Object.keys({ ...recorded, ...now })
    .sort()
    .filter((p) => JSON.stringify(recorded[p]) !== JSON.stringify(now[p]))
    .map((p) => `${p}\n  before: ${JSON.stringify(recorded[p])}\n  now:    ${JSON.stringify(now[p])}`);
  assert.deepEqual(differences, []);
  // The same photograph, described in each page's language.
  assert.ok(now['/en/locatie/culemborg']?.includes('img: The cables of a bridge against a blue sky'), 'in English on the English page');
  assert.ok(now['/locatie/culemborg']?.includes('img: De kabels van een brug tegen een blauwe lucht'), 'in Dutch on the Dutch page');
});
