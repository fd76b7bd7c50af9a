// The map's projection: plain equirectangular over the Netherlands' bounding box (latitude
// 50.7 to 53.6, longitude 3.3 to 7.3). Longitude is scaled by the cosine of the middle
// latitude (52.15°), so a kilometre east is about as long as a kilometre north; at this size
// the error against a proper projection (RD New) stays under a few percent, which a map with
// a dozen pins does not show. SVG units: 200 per degree of latitude, y grows southward.

export const BOUNDS = { south: 50.7, north: 53.6, west: 3.3, east: 7.3 } as const;

const UNITS_PER_DEGREE = 200;
const MID_LATITUDE = (BOUNDS.south + BOUNDS.north) / 2;
const X_UNITS_PER_DEGREE = UNITS_PER_DEGREE * Math.cos((MID_LATITUDE * Math.PI) / 180);

export const MAP_WIDTH = round((BOUNDS.east - BOUNDS.west) * X_UNITS_PER_DEGREE);
export const MAP_HEIGHT = round((BOUNDS.north - BOUNDS.south) * UNITS_PER_DEGREE);

export type Point = { x: number; y: number };

/** Latitude and longitude to SVG coordinates, rounded to 0.1 unit (small markup). */
export function project(lat: number, lng: number): Point {
  return { x: round((lng - BOUNDS.west) * X_UNITS_PER_DEGREE), y: round((BOUNDS.north - lat) * UNITS_PER_DEGREE) };
}

export function inBounds(lat: number, lng: number): boolean {
  return lat >= BOUNDS.south && lat <= BOUNDS.north && lng >= BOUNDS.west && lng <= BOUNDS.east;
}

/** `[lng, lat]` pairs to an SVG path; `closed` for areas, open for rivers. */
export function pathOf(points: ReadonlyArray<readonly [number, number]>, closed = true): string {
  const d = points.map(([lng, lat], i) => {
    const p = project(lat, lng);
    return `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`;
  });
  return d.join('') + (closed ? 'Z' : '');
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
