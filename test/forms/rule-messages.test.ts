// The message a failing rule shows (with its variants), and rules attached to zod schemas.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { rule, ruleMessage, type RuleSpec } from '../../src/forms/rule-messages';
import { firstRuleError, withRules } from '../../src/forms/rule-schema';

const en = { locale: 'en', label: 'name' } as const;
const nl = { locale: 'nl', label: 'naam' } as const;

const cases: Array<[RuleSpec, unknown, string, string]> = [
  [rule('required'), '', 'Name is required.', 'Naam is verplicht.'],
  [rule('email'), 'x', 'Please enter a valid email address.', 'Vul een geldig e-mailadres in.'],
  [rule('min'), 0, 'Name must be at least 1.', 'Naam moet minstens 1 zijn.'],
  [rule('min', 3), ['a'], 'Choose at least 3 name.', 'Kies minstens 3 naam.'],
  [rule('max'), 11, 'Name must be no more than 10.', 'Naam mag niet meer zijn dan 10.'],
  [rule('confirm', 'b'), 'a', 'Name does not match.', 'Naam komt niet overeen.'],
  [rule('url'), 'x', 'Please enter a valid URL.', 'Vul een geldige URL in.'],
  [rule('length', 2, 50), 'a', 'Name must be between 2 and 50 characters long.',
    'Naam moet tussen 2 en 50 tekens lang zijn.'],
  [rule('length', 2), 'a', 'Name must be at least 2 characters long.', 'Naam moet minstens 2 tekens lang zijn.'],
  [rule('length', 0, 5), 'abcdef', 'Name must be at most 5 characters long.', 'Naam mag hoogstens 5 tekens lang zijn.'],
  [rule('length', 4, 4), 'abc', 'Name must be exactly 4 characters long.', 'Naam moet precies 4 tekens lang zijn.'],
  [rule('between', 30, 12), 5, 'Name must be between 12 and 30.', 'Naam moet tussen 12 en 30 liggen.'],
  [rule('date_after'), '2000-01-01', 'Name must be in the future.', 'Naam moet in de toekomst liggen.'],
  [rule('date_before'), '2999-01-01', 'Name must be in the past.', 'Naam moet in het verleden liggen.'],
  [rule('date_after', '2025-03-01'), '2025-01-01', 'Name must be after 1 Mar 2025.', 'Naam moet na 1 mrt 2025 liggen.'],
  [rule('date_between', '2025-01-01', '2025-12-31'), '2026-01-01',
    'Name must be between 1 Jan 2025 and 31 Dec 2025.', 'Naam moet tussen 1 jan 2025 en 31 dec 2025 liggen.'],
  [rule('date_format'), '1-1-2025', 'Name is not a valid date, please use the format YYYY-MM-DD.',
    'Naam is geen geldige datum. Gebruik de vorm YYYY-MM-DD.'],
  [rule('ends_with', '.nl', '.be'), 'x.com', 'Name must end with .nl or .be.', 'Naam moet eindigen op .nl of .be.'],
  [rule('starts_with', '06'), '07', 'Name must start with 06.', 'Naam moet beginnen met 06.'],
  [rule('not', 'admin'), 'admin', '“admin” is not allowed.', '“admin” is niet toegestaan.'],
  [rule('accepted'), false, 'Please accept name.', 'Ga akkoord met naam.'],
  [rule('number'), 'x', 'Name must be a number.', 'Naam moet een getal zijn.'],
];

for (const [spec, value, expectedEn, expectedNl] of cases) {
  test(`message for ${spec.name}(${spec.args.map(String).join(', ')})`, () => {
    assert.equal(ruleMessage(spec, value, en), expectedEn);
    assert.equal(ruleMessage(spec, value, nl), expectedNl);
  });
}

test('require_one names the other fields', () => {
  const ctx = { locale: 'nl', label: 'e-mailadres', otherLabels: ['telefoonnummer'] } as const;
  assert.equal(firstRuleError('', [rule('require_one', '')], ctx), 'E-mailadres of telefoonnummer is verplicht.');
});

test('only the first broken rule is reported', () => {
  const rules = [rule('required'), rule('alpha'), rule('length', 2, 5)];
  assert.equal(firstRuleError('', rules, en), 'Name is required.');
  assert.equal(firstRuleError('a1', rules, en), 'Name can only contain letters.');
  assert.equal(firstRuleError('abcdefg', rules, en), 'Name must be between 2 and 5 characters long.');
  assert.equal(firstRuleError('abc', rules, en), undefined);
});

test('an empty optional field passes rules that are about content', () => {
  assert.equal(firstRuleError('', [rule('email'), rule('length', 2, 5)], en), undefined);
  assert.equal(firstRuleError(undefined, [rule('url')], en), undefined);
});

test('withRules adds the rules to a zod schema with the localised message', () => {
  const schema = z.object({ name: withRules(z.string(), [rule('length', 2, 50)], nl) });
  const failed = schema.safeParse({ name: 'a' });
  assert.equal(failed.success, false);
  assert.equal(failed.error?.issues[0]?.message, 'Naam moet tussen 2 en 50 tekens lang zijn.');
  assert.deepEqual(failed.error?.issues[0]?.path, ['name']);
  assert.equal(schema.safeParse({ name: 'Jo' }).success, true);
});
