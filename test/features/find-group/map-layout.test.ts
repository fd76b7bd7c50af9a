import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FULL_VIEW, fitViewport, overviewBox, spreadPins, targetRadius } from '../../../src/features/find-group/map/map-layout';
import { BOUNDS, MAP_HEIGHT, MAP_WIDTH, project } from '../../../src/features/find-group/map/map-projection';

test('the projection maps the bounding box corners to the map corners', () => {
  assert.deepEqual(project(BOUNDS.north, BOUNDS.west), { x: 0, y: 0 });
  assert.deepEqual(project(BOUNDS.south, BOUNDS.east), { x: MAP_WIDTH, y: MAP_HEIGHT });
  // A degree of longitude is shorter than one of latitude at 52°N.
  assert.ok(MAP_WIDTH / (BOUNDS.east - BOUNDS.west) < MAP_HEIGHT / (BOUNDS.north - BOUNDS.south));
});

test('no pins shows the whole country; pins are framed with room around them', () => {
  assert.deepEqual(fitViewport([]), FULL_VIEW);
  const pins = [project(51.88, 5.43), project(52.1, 5.1), project(51.82, 5.79)];
  const view = fitViewport(pins);
  assert.ok(view.width < MAP_WIDTH && view.width >= 300);
  for (const p of pins) {
    assert.ok(p.x > view.x && p.x < view.x + view.width && p.y > view.y && p.y < view.y + view.height);
  }
});

test('pins on the same spot or close together end up a full target apart', () => {
  const radius = 12;
  const pins = spreadPins([{ x: 100, y: 100 }, { x: 100, y: 100 }, { x: 101, y: 100.5 }, { x: 300, y: 300 }], radius);
  for (const [i, a] of pins.entries()) {
    for (const b of pins.slice(i + 1)) assert.ok(Math.hypot(a.x - b.x, a.y - b.y) >= 2 * radius, JSON.stringify(pins));
  }
  assert.deepEqual(pins[3], { x: 300, y: 300 });
});

test('spreading is deterministic', () => {
  const input = [{ x: 10, y: 10 }, { x: 10, y: 10 }, { x: 12, y: 9 }];
  assert.deepEqual(spreadPins(input, 8), spreadPins(input, 8));
});

test('a target is 14 px in radius on a map drawn 280 px wide (a 320 px screen less its gutters)', () => {
  assert.equal(targetRadius({ x: 0, y: 0, width: 280, height: 210 }), 14);
});

test('the overview goes to a free corner, or is left out', () => {
  const view = { x: 0, y: 0, width: 300, height: 225 };
  const box = overviewBox(view, [{ x: 150, y: 110 }], 12);
  assert.ok(box && box.x > 150 && box.y > 110, 'bottom right first');
  const everywhere = [{ x: 30, y: 30 }, { x: 270, y: 30 }, { x: 30, y: 190 }, { x: 270, y: 190 }];
  assert.equal(overviewBox(view, everywhere, 12), null);
});
