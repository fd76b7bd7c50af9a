// Where the map looks and where each pin goes. The groups sit close together in the middle of
// the country, so the map zooms to them (the whole country stays as a small overview) and
// pins that would overlap are nudged apart until each has a target of its own: WCAG 2.2 asks
// for 24 px targets that do not overlap, on a 320 px phone too.
import { MAP_HEIGHT, MAP_WIDTH, project, type Point } from './map-projection';

export type Viewport = { x: number; y: number; width: number; height: number };

export const FULL_VIEW: Viewport = { x: 0, y: 0, width: MAP_WIDTH, height: MAP_HEIGHT };

/** Some country around the pins, and never closer than this many units across. */
const MARGIN = 28;
/** About 2.4 degrees of longitude: enough coast, rivers and border to recognise the place. */
const MIN_WIDTH = 300;
/** Landscape-ish: fits beside the list on a desktop and under it on a phone. */
const ASPECT = 4 / 3;

export function fitViewport(points: readonly Point[]): Viewport {
  if (points.length === 0) return FULL_VIEW;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  let width = Math.max(Math.max(...xs) - Math.min(...xs) + 2 * MARGIN, MIN_WIDTH);
  let height = Math.max(...ys) - Math.min(...ys) + 2 * MARGIN;
  if (width / height < ASPECT) width = height * ASPECT;
  else height = width / ASPECT;
  if (width >= MAP_WIDTH || height >= MAP_HEIGHT) return FULL_VIEW;
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const x = clamp(cx - width / 2, 0, MAP_WIDTH - width);
  const y = clamp(cy - height / 2, 0, MAP_HEIGHT - height);
  return { x: round(x), y: round(y), width: round(width), height: round(height) };
}

/** The narrowest the map is drawn: a 320 px wide screen (or any phone at 400% zoom) less the
 * page's gutters and the map's frame (286 px there), with room to spare. */
export const NARROWEST_MAP_PX = 280;

/**
 * Target radius in viewport units: 14 px on the narrowest map, so the round target is at
 * least 28 px across wherever the map is shown (WCAG 2.2 target size asks 24 x 24 px).
 */
export function targetRadius(view: Viewport): number {
  return round((view.width * 14) / NARROWEST_MAP_PX);
}

/** Pushes pins apart until no two targets overlap (deterministic: same input, same map). */
export function spreadPins(points: readonly Point[], radius: number): Point[] {
  const out = points.map((p) => ({ ...p }));
  const min = radius * 2 + 1;
  for (let round = 0; round < 60; round++) {
    let moved = false;
    for (let i = 0; i < out.length; i++) {
      for (let j = i + 1; j < out.length; j++) {
        const a = out[i] as Point;
        const b = out[j] as Point;
        let dx = b.x - a.x;
        let dy = b.y - a.y;
        let d = Math.hypot(dx, dy);
        if (d >= min) continue;
        if (d === 0) {
          // Same spot: split along an angle that differs per pair.
          const angle = (i * 7 + j * 3) % 12 * (Math.PI / 6);
          [dx, dy, d] = [Math.cos(angle), Math.sin(angle), 1];
        }
        const push = (min - d) / 2 + 0.01;
        a.x -= (dx / d) * push;
        a.y -= (dy / d) * push;
        b.x += (dx / d) * push;
        b.y += (dy / d) * push;
        moved = true;
      }
    }
    if (!moved) break;
  }
  return out.map((p) => ({ x: round(p.x), y: round(p.y) }));
}

/** Where the small overview of the country fits without covering a pin: a free corner, or none. */
export function overviewBox(view: Viewport, pins: readonly Point[], radius: number): Viewport | null {
  const width = view.width * 0.2;
  const height = (width * MAP_HEIGHT) / MAP_WIDTH;
  const inset = view.width * 0.025;
  const corners = [
    { x: view.x + view.width - width - inset, y: view.y + view.height - height - inset },
    { x: view.x + inset, y: view.y + view.height - height - inset },
    { x: view.x + view.width - width - inset, y: view.y + inset },
    { x: view.x + inset, y: view.y + inset },
  ];
  const free = corners.find((c) =>
    pins.every((p) => p.x + radius < c.x || p.x - radius > c.x + width || p.y + radius < c.y || p.y - radius > c.y + height),
  );
  return free ? { x: round(free.x), y: round(free.y), width: round(width), height: round(height) } : null;
}

export function projectAll(places: ReadonlyArray<{ lat: number; lng: number }>): Point[] {
  return places.map((p) => project(p.lat, p.lng));
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(Math.max(n, min), max);
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
