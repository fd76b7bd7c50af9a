import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderMarkdown } from '../../src/blocks/markdown';

const SITE = { siteOrigin: 'https://www.stichtingjoinus.nl' };
const render = (md: string) => renderMarkdown(md, SITE);

test('a script element is removed with its content', () => {
  const html = render('Hallo\n\n<script>alert(1)</script>\n\nDoei');
  assert.doesNotMatch(html, /<script|alert\(1\)/);
  assert.match(html, /<p>Hallo<\/p>/);
  assert.match(html, /<p>Doei<\/p>/);
});

test('style and iframe elements are removed', () => {
  const html = render('<style>body{display:none}</style><iframe src="https://evil.example"></iframe>Tekst');
  assert.doesNotMatch(html, /<style|<iframe|display:none/);
});

test('an onerror attribute is removed and the image kept', () => {
  const html = render('<img src="/uploads/a.svg" alt="A" width="40" height="30" onerror="alert(1)">');
  assert.doesNotMatch(html, /onerror|alert/);
  assert.match(html, /<img src="\/uploads\/a.svg" alt="A" width="40" height="30"/);
});

test('every on* attribute is removed', () => {
  const html = render('<p onclick="x()" onmouseover="y()">Klik</p><a href="/a" onfocus="z()">a</a>');
  assert.doesNotMatch(html, /on(click|mouseover|focus)/);
});

test('javascript: links lose their address, also when written with entities or case', () => {
  for (const md of ['[klik](javascript:alert(1))', '<a href="JaVaScRiPt:alert(1)">klik</a>', '<a href="jav&#x61;script:alert(1)">klik</a>']) {
    const html = render(md);
    assert.doesNotMatch(html, /javascript/i, md);
    assert.doesNotMatch(html, /href=/, md);
    assert.match(html, /klik/, md);
  }
});

test('data: URLs are removed from links and images', () => {
  const html = render('[x](data:text/html;base64,PHNjcmlwdD4=) ![y](data:image/svg+xml;base64,PHN2Zz4=)');
  assert.doesNotMatch(html, /data:/);
});

test('an external link opens in a new tab with rel="noopener noreferrer"', () => {
  const html = render('Lees [meer](https://www.113.nl/hulp).');
  assert.match(html, /<a href="https:\/\/www.113.nl\/hulp" rel="noopener noreferrer" target="_blank">meer<\/a>/);
});

test('an editor cannot set target or rel on an internal link', () => {
  const html = render('<a href="/contact" target="_top" rel="opener">contact</a>');
  assert.equal(html.trim(), '<p><a href="/contact">contact</a></p>');
});

test('internal links are left untouched: paths, anchors, own host, mail and phone', () => {
  const html = render('[a](/over-ons) [b](#faq) [c](https://www.stichtingjoinus.nl/blog) [d](mailto:info@stichtingjoinus.nl) [e](tel:0344123456)');
  assert.match(html, /<a href="\/over-ons">a<\/a>/);
  assert.match(html, /<a href="#faq">b<\/a>/);
  assert.match(html, /<a href="https:\/\/www.stichtingjoinus.nl\/blog">c<\/a>/);
  assert.match(html, /<a href="mailto:info@stichtingjoinus.nl">d<\/a>/);
  assert.match(html, /<a href="tel:0344123456">e<\/a>/);
  assert.doesNotMatch(html, /target=|rel=/);
});

test('headings h2 to h4 are kept; h1 becomes h2, h5 and h6 become h4', () => {
  const html = render('# Een\n\n## Twee\n\n### Drie\n\n#### Vier\n\n##### Vijf');
  assert.match(html, /<h2>Een<\/h2>/);
  assert.match(html, /<h2>Twee<\/h2>/);
  assert.match(html, /<h3>Drie<\/h3>/);
  assert.match(html, /<h4>Vier<\/h4>/);
  assert.match(html, /<h4>Vijf<\/h4>/);
  assert.doesNotMatch(html, /<h1|<h5/);
});

test('lists, emphasis, quotes, rules and code survive', () => {
  const html = render('- **vet**\n- *schuin*\n\n1. een\n\n> citaat\n\n---\n\n`code`');
  for (const tag of ['<ul>', '<li>', '<strong>vet</strong>', '<em>schuin</em>', '<ol>', '<blockquote>', '<hr />', '<code>code</code>']) {
    assert.ok(html.includes(tag), `${tag} in ${html}`);
  }
});

test('without a site origin every absolute http(s) link counts as external', () => {
  const html = renderMarkdown('[x](https://www.stichtingjoinus.nl/)');
  assert.match(html, /target="_blank"/);
});
