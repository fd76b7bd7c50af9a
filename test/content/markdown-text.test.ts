import assert from 'node:assert/strict';
import { test } from 'node:test';
import { markdownToText } from '../../src/content/markdown-text';

const MAIL = { linkAddresses: true, siteUrl: 'https://joinus.example/', listDashes: true };

test('as plain text: link text kept, addresses, emphasis marks and heading hashes dropped', () => {
  assert.equal(
    markdownToText('## Tips\n\nLees **dit** en _dat_: [onze tips](/tips) of https://x.nl.\n\n* een\n* twee\n\n![Een groep](/uploads/a.png)'),
    'Tips\n\nLees dit en dat: onze tips of https://x.nl.\n\neen\ntwee\n\nEen groep',
  );
});

test('a heading right above its text stays right above it; a blank line stays one', () => {
  assert.equal(markdownToText('## Waarom hier?\nOmdat het kan.\n\nEn verder.'), 'Waarom hier?\nOmdat het kan.\n\nEn verder.');
});

test('ordered lists keep their numbers, quotes and inline HTML lose their marks, words keep underscores', () => {
  assert.equal(markdownToText('1. een\n2. twee'), '1. een\n2. twee');
  assert.equal(markdownToText('> geciteerd\n> tekst'), 'geciteerd\ntekst');
  assert.equal(markdownToText('Tom & Jerry <b>vet</b> `code & zo`'), 'Tom & Jerry vet code & zo');
  assert.equal(markdownToText('snake_case_word en __vet__'), 'snake_case_word en vet');
});

test('as mail text: links with absolute addresses, images as their alt, list items as "- " lines', () => {
  assert.equal(
    markdownToText('## Tips\n\nLees **dit** en _dat_: [onze tips](/tips), [113](https://www.113.nl) of https://x.nl.\n\n* een\n* twee\n\n![Een groep](/uploads/a.png)', MAIL),
    'Tips\n\nLees dit en dat: onze tips (https://joinus.example/tips), 113 (https://www.113.nl) of https://x.nl.\n\n- een\n- twee\n\nEen groep',
  );
  assert.equal(markdownToText('[Tips](/tips)', { linkAddresses: true }), 'Tips (/tips)', 'without a site address the path stays');
  assert.equal(markdownToText('[//cdn.example/a](//cdn.example/a)', MAIL), '//cdn.example/a', 'a protocol-relative address is not a path');
  assert.equal(markdownToText('Mail info@x.nl of [ons](mailto:a@b.nl)', MAIL), 'Mail info@x.nl of ons (mailto:a@b.nl)', 'a bare address is its own text');
});

test('nothing gives nothing', () => {
  assert.equal(markdownToText(null), '');
  assert.equal(markdownToText(undefined, MAIL), '');
  assert.equal(markdownToText(''), '');
});
