// Money as whole cents: read from what people type, written for the payment provider and for
// people, never through a floating-point number.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { centsToDecimal, decimalToCents, formatEuro, parseEuroCents } from '../../../src/features/donations/money';

test('typed euros become cents by their digits', () => {
  const cases: Array<[string, number | null]> = [
    ['25', 2500], ['25,5', 2550], ['25,50', 2550], ['0.1', 10], ['0,29', 29], ['1,15', 115], ['€ 12,34', 1234], ['€7', 700],
    [' 8 ', 800], ['12,345', null], ['1.000,00', null], ['-5', null], ['tien', null], ['', null], ['1e3', null],
  ];
  for (const [text, cents] of cases) assert.equal(parseEuroCents(text), cents, text);
});

test('the provider gets two decimals and is read back to the same cents', () => {
  for (const cents of [0, 1, 29, 100, 115, 1250, 999_999, 1_000_000]) {
    const decimal = centsToDecimal(cents);
    assert.match(decimal, /^\d+\.\d{2}$/);
    assert.equal(decimalToCents(decimal), cents);
  }
  assert.equal(centsToDecimal(1250), '12.50');
  assert.equal(centsToDecimal(5), '0.05');
  assert.throws(() => centsToDecimal(12.5));
  assert.equal(decimalToCents('12.5'), null);
});

test('people read euros in their language', () => {
  assert.equal(formatEuro(2500, 'nl'), '€ 25');
  assert.equal(formatEuro(1250, 'nl'), '€ 12,50');
  assert.equal(formatEuro(1_000_000, 'nl'), '€ 10.000');
  assert.equal(formatEuro(123_456_705, 'nl'), '€ 1.234.567,05');
  assert.equal(formatEuro(1250, 'en'), '€12.50');
  assert.equal(formatEuro(1_000_000, 'en'), '€10,000');
});
