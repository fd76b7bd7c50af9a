// One key per address, the form every comparison of addresses uses (src/forms/address-key.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addressKey, addressKeyOf } from '../../src/forms/address-key';

test('an address has one key however its letters are cased, in any script', () => {
  const same: string[][] = [
    // Latin with accents; the é typed as one letter or as e and a combining accent; spaces around.
    ['ÉMILE.Privé@Voorbeeld.NL', 'émile.privé@voorbeeld.nl', ' E\u0301mile.PRIVE\u0301@VOORBEELD.nl\t'],
    // Turkish: the capital İ (which lower-cases to i and a combining dot) meets the i typed.
    ['ÖZLEM.ŞAHİN@Örnek.com.tr', 'özlem.şahin@örnek.com.tr', 'Özlem.Şahi\u0307n@ÖRNEK.COM.TR'],
    // Greek: the final sigma, which the default mapping gives a capital Σ at a word's end only.
    ['ΟΔΥΣΣΕΑΣ@Παράδειγμα.ελ', 'οδυσσεας@παράδειγμα.ελ', 'οδυσσεασ@ΠΑΡΆΔΕΙΓΜΑ.ΕΛ', 'ΟΔΥΣΣΕΑς@παράδειγμα.ελ'],
    // Cyrillic, and a capital ẞ.
    ['ИВАН.Петров@Пример.рф', 'иван.петров@пример.рф'],
    ['STRAẞE@Beispiel.de', 'straße@beispiel.de'],
  ];
  for (const group of same) {
    const keys = new Set(group.map(addressKey));
    assert.equal(keys.size, 1, `${group.join(' | ')} -> ${[...keys].join(' | ')}`);
    assert.equal(addressKey(group[0]!), addressKey(addressKey(group[0]!)), 'a key is its own key');
  }
  assert.equal(addressKey('ÉMILE.Privé@Voorbeeld.NL'), 'émile.privé@voorbeeld.nl');
});

test('letters that differ in more than case stay apart: accents, ß and ss, the dotless ı', () => {
  const apart: Array<[string, string]> = [
    ['émile.privé@voorbeeld.nl', 'emile.prive@voorbeeld.nl'],
    ['straße@beispiel.de', 'strasse@beispiel.de'],
    ['şahın@örnek.com.tr', 'şahin@örnek.com.tr'],
    ['σοφια@example.gr', 'sofia@example.gr'],
  ];
  for (const [a, b] of apart) assert.notEqual(addressKey(a), addressKey(b), `${a} | ${b}`);
});

test('a stored value without an address has no key', () => {
  for (const value of [undefined, null, 42, '', '   ', {}]) assert.equal(addressKeyOf(value), null, JSON.stringify(value));
  assert.equal(addressKeyOf(' Anna@Example.org '), 'anna@example.org');
});
