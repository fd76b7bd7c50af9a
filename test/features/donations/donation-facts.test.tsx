// The organisation's numbers under the donation form come from the global settings only: a
// line per number that is there, an account number only when its IBAN check digits hold.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReactElement } from 'react';
import type { BlockContext } from '../../../src/blocks/block-context';
import { DonationFacts } from '../../../src/features/donations/donation-facts';
import { formatIban, validIban } from '../../../src/features/donations/iban';
import type { GlobalSettings } from '../../../src/content/model';

const ctx = (global: Partial<GlobalSettings> | null) =>
  ({ locale: 'nl', services: { content: { chrome: async () => ({ global, menus: {}, locales: [] }) } } }) as unknown as BlockContext;

async function lines(global: Partial<GlobalSettings> | null): Promise<string[]> {
  const out = (await DonationFacts({ ctx: ctx(global) })) as ReactElement<{ children: ReactElement<{ children: string }>[] }> | null;
  return out ? out.props.children.map((li) => li.props.children) : [];
}

test('IBAN check digits (mod 97)', () => {
  assert.equal(validIban('NL91 ABNA 0417 1643 00'), 'NL91ABNA0417164300');
  assert.equal(validIban('nl91abna0417164300'), 'NL91ABNA0417164300');
  assert.equal(validIban('GB82 WEST 1234 5698 7654 32'), 'GB82WEST12345698765432');
  assert.equal(validIban('NL92 ABNA 0417 1643 00'), null, 'one check digit off');
  assert.equal(validIban('NL91 ABNA 0417 1643 01'), null, 'one account digit off');
  assert.equal(validIban('NL00 BANK 0123 4567 89'), null, 'the placeholder the embedded content had');
  assert.equal(validIban(''), null);
  assert.equal(validIban(undefined), null);
  assert.equal(formatIban('NL91ABNA0417164300'), 'NL91 ABNA 0417 1643 00');
});

test('no numbers entered: no lines at all', async () => {
  assert.deepEqual(await lines(null), []);
  assert.deepEqual(await lines({ siteName: 'Join Us' }), []);
});

test('each number that is there gets its line; an account number only when it is a real IBAN', async () => {
  assert.deepEqual(await lines({ iban: 'NL91ABNA0417164300', accountHolder: 'Stichting Join Us', kvk: '87654321', rsin: '123456782' }), [
    'Liever zelf overmaken? Dat kan op NL91 ABNA 0417 1643 00 ten name van Stichting Join Us.',
    'KvK-nummer: 87654321',
    'RSIN: 123456782',
  ]);
  assert.deepEqual(await lines({ iban: 'NL00 BANK 0123 4567 89', kvk: '87654321' }), ['KvK-nummer: 87654321']);
});
