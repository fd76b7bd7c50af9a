// The class, a map that grows with the groups: its pins (and the pin layout that compares every
// pair) are bounded by the country's places and regions, never by the content.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAP_PINS_MAX, mapSpots, type Placed } from '../../../src/features/find-group/map/map-clusters';

const group = (i: number, city: string, district: string) => ({ slug: `g-${i}`, name: `Groep ${i}`, city, lat: 51.9 + (i % 10) / 100, lng: 5.4 + (i % 7) / 100, mode: 'in-real-life', district: { slug: district, name: district } }) as unknown as Placed;

test('up to the bound a pin per group; past it a pin per place; past that a pin per region; every group in exactly one pin', () => {
  const few = Array.from({ length: MAP_PINS_MAX }, (_, i) => group(i, `Stad ${i % 5}`, `regio-${i % 2}`));
  assert.equal(mapSpots(few).grouping, 'group');
  const many = Array.from({ length: 700 }, (_, i) => group(i, `Stad ${i % 13}`, `regio-${i % 4}`));
  const byPlace = mapSpots(many);
  assert.equal(byPlace.grouping, 'place');
  assert.ok(byPlace.spots.length <= MAP_PINS_MAX);
  assert.equal(byPlace.spots.reduce((s, p) => s + p.groups.length, 0), 700);
  const towns = Array.from({ length: 700 }, (_, i) => group(i, `Dorp ${i}`, `regio-${i % 4}`));
  const byRegion = mapSpots(towns);
  assert.deepEqual([byRegion.grouping, byRegion.spots.length], ['district', 4]);
  assert.equal(byRegion.spots.reduce((s, p) => s + p.groups.length, 0), 700);
});
