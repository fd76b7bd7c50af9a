// Valid HTML, as the W3C's Nu Html Checker (vnu, the validator behind validator.w3.org/nu) sees
// it: every page of the sitemap, the pages a query, a form or an account link reaches, and the
// answer to each form of the site posted without JavaScript and without answers (its messages).
// vnu runs from the `vnu-jar` package on Debian's Java (`default-jre-headless`, which .ci/run
// installs); the pages come from the running production build, as a browser would get them.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { PORT } from '../playwright.config';
import { pagesOffTheSitemap } from './site-pages';

const ORIGIN = `http://127.0.0.1:${PORT}`;
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

type Fetched = { label: string; status: number; html: string };
type VnuMessage = { type: string; subType?: string; url?: string; lastLine?: number; message: string; extract?: string };

type FoundForm = { page: string; fields: Record<string, string>; typed: string[] };

/** Each form of the site once (its action), with the hidden fields the page gives it and the
 * names of the fields a visitor types in. */
function formsOf(html: string, page: string, seen: Map<string, FoundForm>): void {
  for (const form of html.matchAll(/<form\b[^>]*\baction="(\/forms\/[\w-]+)(?:#[^"]*)?"[^>]*>([\s\S]*?)<\/form>/g)) {
    const action = form[1]!;
    if (seen.has(action)) continue;
    const fields: Record<string, string> = {};
    for (const input of form[2]!.matchAll(/<input\b[^>]*\btype="hidden"[^>]*>/g)) {
      const name = /\bname="([^"]*)"/.exec(input[0])?.[1];
      if (name) fields[name] = (/\bvalue="([^"]*)"/.exec(input[0])?.[1] ?? '').replace(/&amp;/g, '&').replace(/&quot;/g, '"');
    }
    const typed = [...form[2]!.matchAll(/<(?:input\b[^>]*\btype="(?:text|email|tel|date|number|password)"|textarea\b)[^>]*>/g)].map((m) => /\bname="([^"]*)"/.exec(m[0])?.[1]).filter((n): n is string => Boolean(n));
    seen.set(action, { page, fields, typed });
  }
}

async function fetchAll(urls: string[]): Promise<Fetched[]> {
  const out: Fetched[] = [];
  for (let i = 0; i < urls.length; i += 8) {
    out.push(
      ...(await Promise.all(
        urls.slice(i, i + 8).map(async (url) => {
          const res = await fetch(url, { headers: { Accept: 'text/html' } });
          return { label: url.replace(ORIGIN, ''), status: res.status, html: await res.text() };
        }),
      )),
    );
  }
  return out;
}

test('vnu finds no error on any page: the sitemap (both languages), the pages off it, and each form\'s answer without JavaScript', async () => {
  test.setTimeout(180_000);
  const sitemap = await (await fetch(`${ORIGIN}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => ORIGIN + new URL(m[1]!.replace(/&amp;/g, '&')).pathname);
  expect(listed.length, 'the sitemap lists the site').toBeGreaterThan(100);
  const offSitemap = pagesOffTheSitemap().map((p) => (p.startsWith('http') ? p : ORIGIN + p));
  const pages = await fetchAll([...listed, ...offSitemap]);

  // Each form posted as a browser without JavaScript would, with no answers and with a wrong one
  // in every field a visitor types in (an email, a date, a number that is none): the page of its
  // messages, with what was typed.
  const forms = new Map<string, FoundForm>();
  for (const page of pages) formsOf(page.html, page.label, forms);
  expect([...forms.keys()].length, 'the site has its forms').toBeGreaterThanOrEqual(8);
  for (const [action, { page, fields, typed }] of forms) {
    // To the site the page is on (the account forms are on the site with accounts).
    const origin = page.startsWith('http') ? new URL(page).origin : ORIGIN;
    for (const [how, answers] of [['empty', {}], ['every typed field "abc"', Object.fromEntries(typed.map((name) => [name, 'abc']))]] as const) {
      const res = await fetch(origin + action, { method: 'POST', redirect: 'manual', headers: { Origin: origin, Accept: 'text/html', 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...fields, ...answers }).toString() });
      pages.push({ label: `POST ${action} (from ${page}, ${how})`, status: res.status, html: await res.text() });
    }
  }
  const notDocuments = pages.filter((p) => !/^<!DOCTYPE html>/i.test(p.html)).map((p) => `${p.label}: ${p.status} ${p.html.slice(0, 80)}`);
  expect(notDocuments, 'every answer is an HTML document').toEqual([]);
  expect(pages.length, 'documents checked: the sitemap, the pages off it, two answers per form').toBeGreaterThanOrEqual(listed.length + offSitemap.length + 2 * forms.size);

  const dir = mkdtempSync(path.join(os.tmpdir(), 'joinus-vnu-'));
  try {
    const byFile = new Map<string, string>();
    pages.forEach((page, i) => {
      const file = path.join(dir, `${String(i).padStart(3, '0')}.html`);
      writeFileSync(file, page.html);
      byFile.set(path.basename(file), page.label);
    });
    const { stderr } = await promisify(execFile)('java', ['-Xss1m', '-jar', VNU_JAR, '--errors-only', '--exit-zero-always', '--format', 'json', dir], { maxBuffer: 64 * 1024 * 1024 }).catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'ENOENT' ? new Error('java is not installed: `apt-get install -y --no-install-recommends default-jre-headless` (.ci/run does)') : err;
    });
    const messages = (JSON.parse(stderr) as { messages: VnuMessage[] }).messages;
    const errors = messages
      .filter((m) => m.type === 'error' || m.subType === 'fatal')
      .map((m) => `${byFile.get(path.basename(m.url ?? '')) ?? m.url} line ${m.lastLine}: ${m.message}${m.extract ? ` (${m.extract.trim().slice(0, 120)})` : ''}`);
    expect(errors, errors.join('\n')).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
