import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseAge, searchLocations, type SearchLocation } from '../../src/content/q42-search';
import { normalisePostcode } from '../../src/forms/postcode';

const postcodes: Array<[string, string | null]> = [
  ['4001 AB', '4001 AB'],
  ['4001ab', '4001 AB'],
  ['  4001 ab  ', '4001 AB'],
  ['9999 ZZ', '9999 ZZ'],
  ['0123 AB', null],
  ['1234 SA', null],
  ['1234 sd', null],
  ['1234 Ss', null],
  ['1234A', null],
  ['12345 AB', null],
  ['1234  AB', null],
  ['', null],
];
for (const [input, expected] of postcodes) {
  test(`postcode ${JSON.stringify(input)} → ${expected}`, () => assert.equal(normalisePostcode(input) ?? null, expected));
}

const ages: Array<[unknown, number | null]> = [
  ['0', 0], ['12', 12], [' 30 ', 30], ['120', 120], [17, 17],
  ['121', null], ['-1', null], ['12.5', null], ['abc', null], ['', null], [undefined, null], [12.5, null],
];
for (const [input, expected] of ages) {
  test(`age ${JSON.stringify(input)} → ${expected}`, () => assert.equal(parseAge(input), expected));
}

test('a district without any in-real-life location answers no-location-for-age with an empty list', () => {
  const online: SearchLocation & { name: string } = { name: 'Online', district: null, minAge: 18, maxAge: 30, mode: 'online' };
  const answer = searchLocations({
    zipcode: '4001 AB',
    age: 20,
    districts: [{ id: 1, name: 'Rivierenland', slug: 'rivierenland', municipalities: [{ name: 'Tiel', postcodeAreas: ['4001'] }] }],
    locations: [online],
  });
  assert.deepEqual(answer, {
    status: 'not-found',
    reason: 'no-location-for-age',
    zipcode: '4001 AB',
    age: 20,
    district: { id: 1, name: 'Rivierenland', slug: 'rivierenland' },
    municipality: 'Tiel',
    locations: [],
    onlineEligible: true,
  });
});

test('locations are matched to a district by id when the relation has no slug', () => {
  const answer = searchLocations({
    zipcode: '4001 AB',
    age: 14,
    districts: [{ id: 7, name: 'Rivierenland', slug: 'rivierenland', municipalities: [{ name: 'Tiel', postcodeAreas: ['4001'] }] }],
    locations: [{ district: { id: 7 }, minAge: 12, maxAge: 16, mode: 'in-real-life' as const }],
  });
  assert.equal(answer.status, 'found');
  assert.equal(answer.locations.length, 1);
});
