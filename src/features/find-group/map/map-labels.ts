// A few well-known cities as landmarks, so a visitor sees at a glance where the pins are
// ("between Utrecht and Nijmegen"). Only those in view and clear of every pin are drawn: a
// label must never cover a group's target.
import type { Viewport } from './map-layout';
import { project, type Point } from './map-projection';

const PLACES: ReadonlyArray<readonly [name: string, lat: number, lng: number]> = [
  ['Amsterdam', 52.37, 4.9], ['Rotterdam', 51.92, 4.48], ['Den Haag', 52.08, 4.3], ['Utrecht', 52.09, 5.12],
  ['Arnhem', 51.98, 5.9], ['Nijmegen', 51.84, 5.85], ["'s-Hertogenbosch", 51.69, 5.3], ['Eindhoven', 51.44, 5.48],
  ['Breda', 51.59, 4.78], ['Zwolle', 52.51, 6.09], ['Groningen', 53.22, 6.57], ['Leeuwarden', 53.2, 5.8],
  ['Enschede', 52.22, 6.89], ['Maastricht', 50.85, 5.69], ['Middelburg', 51.5, 3.61], ['Apeldoorn', 52.21, 5.97],
];

export type MapLabel = { name: string; at: Point; x: number; y: number; anchor: 'start' | 'end' };

export function labelSize(view: Viewport): number {
  return Math.round((view.width / 42) * 10) / 10;
}

export function placeLabels(view: Viewport, pins: readonly Point[], radius: number): MapLabel[] {
  const size = labelSize(view);
  const labels: MapLabel[] = [];
  for (const [name, lat, lng] of PLACES) {
    const at = project(lat, lng);
    const width = name.length * size * 0.58;
    const rightSide = at.x + size + width < view.x + view.width - size;
    const x0 = rightSide ? at.x + size * 0.6 : at.x - size * 0.6 - width;
    const box = { x: x0 - radius, y: at.y - size - radius, width: width + 2 * radius, height: size * 1.6 + 2 * radius };
    const inView = at.x > view.x + size && at.x < view.x + view.width - size && at.y > view.y + size * 1.5 && at.y < view.y + view.height - size;
    const clear = pins.every((p) => p.x < box.x || p.x > box.x + box.width || p.y < box.y || p.y > box.y + box.height);
    if (inView && clear) labels.push({ name, at, x: rightSide ? at.x + size * 0.6 : at.x - size * 0.6, y: at.y + size * 0.35, anchor: rightSide ? 'start' : 'end' });
  }
  return labels;
}
