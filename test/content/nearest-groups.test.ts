import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nearestFirst } from '../../src/content/nearest-groups';

const g = (name: string, municipality: string, postcode: string) => ({ name, municipality, city: municipality, postcode });

test('a search lists the searched municipality first, then the others by the nearness of their postcode area, then as answered', () => {
  const groups = [g('A Culemborg', 'Culemborg', '4101 AA'), g('B Zaltbommel', 'Zaltbommel', '5301 AA'), g('C Tiel', 'Tiel', '4001 LK'), g('D Geldermalsen', 'Geldermalsen', '4191 AA'), g('E Tiel', 'Tiel', '4005 AB')];
  assert.deepEqual(nearestFirst(groups, { municipality: 'Tiel', postcode: '4001 LK' }).map((x) => x.name), ['C Tiel', 'E Tiel', 'A Culemborg', 'D Geldermalsen', 'B Zaltbommel']);
  assert.deepEqual(nearestFirst(groups, { municipality: 'Buren', postcode: '4116 AA' }).map((x) => x.name), ['A Culemborg', 'D Geldermalsen', 'E Tiel', 'C Tiel', 'B Zaltbommel'], 'no group in the municipality: the nearest areas');
  assert.equal(nearestFirst(groups, {}).length, 5, 'without a postcode, the order as answered');
});
