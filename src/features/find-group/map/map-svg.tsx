import { FULL_VIEW, overviewBox, type Viewport } from './map-layout';
import { labelSize, placeLabels } from './map-labels';
import { spriteHref } from '../../../icons/sprite-href';
import type { Point } from './map-projection';

/** `count`: a pin standing for several groups (of one place or region), drawn with their number. */
export type MapPin = { key: string; href: string; label: string; at: Point; count?: number };

const viewBox = (v: Viewport) => `${v.x} ${v.y} ${v.width} ${v.height}`;

/**
 * The map as inline SVG: land, water, rivers and one link per group. Pins are real links
 * (`<a>` with an accessible name), so a keyboard or screen-reader user can reach every group
 * from the map as well as from the list beside it. The country itself (sea, land, lakes,
 * rivers) is drawn once in the sprite file and used from there, so a page does not carry it
 * twice (the map and its overview) in both the HTML and the Flight payload.
 */
export function MapSvg({ view, pins, radius, title, titleId }: { view: Viewport; pins: MapPin[]; radius: number; title: string; titleId: string }) {
  const stroke = view.width / 320;
  const spots = pins.map((p) => p.at);
  const overview = view.width < FULL_VIEW.width ? overviewBox(view, spots, radius) : null;
  const size = labelSize(view);
  return (
    <svg className="map-svg" viewBox={viewBox(view)} width={640} height={Math.round((640 * view.height) / view.width)} role="group" aria-labelledby={titleId}>
      <title id={titleId}>{title}</title>
      <rect className="map-abroad" x={view.x} y={view.y} width={view.width} height={view.height} />
      <Country stroke={stroke} />
      <g className="map-labels" aria-hidden="true" fontSize={size}>
        {placeLabels(view, spots, radius).map((label) => (
          <g key={label.name}>
            <circle className="map-city" cx={label.at.x} cy={label.at.y} r={size * 0.22} />
            <text x={label.x} y={label.y} textAnchor={label.anchor}>
              {label.name}
            </text>
          </g>
        ))}
      </g>
      {pins.map((pin) => (
        <a key={pin.key} href={pin.href} className="map-marker" aria-label={pin.label}>
          <circle className="map-target" cx={pin.at.x} cy={pin.at.y} r={radius} />
          {pin.count ? (
            <>
              <circle className="map-pin" cx={pin.at.x} cy={pin.at.y} r={radius * 0.8} strokeWidth={stroke * 2} />
              <text className="map-pin-count" x={pin.at.x} y={pin.at.y} dy="0.35em" textAnchor="middle" fontSize={radius * (pin.count > 99 ? 0.62 : 0.8)} aria-hidden="true">
                {pin.count}
              </text>
            </>
          ) : (
            <>
              <circle className="map-pin" cx={pin.at.x} cy={pin.at.y} r={radius * 0.5} strokeWidth={stroke * 2} />
              <circle className="map-pin-dot" cx={pin.at.x} cy={pin.at.y} r={radius * 0.17} />
            </>
          )}
        </a>
      ))}
      {overview ? <Overview box={overview} view={view} /> : null}
    </svg>
  );
}

/** Fill and stroke reach the drawings through <use> by inheritance (the classes in blocks.css). */
function Country({ stroke, detail = true }: { stroke?: number; detail?: boolean }) {
  return (
    <g aria-hidden="true">
      <use href={spriteHref('map-sea')} className="map-water" />
      <use href={spriteHref('map-land')} className="map-land" strokeWidth={stroke} />
      <use href={spriteHref('map-lakes')} className="map-water" />
      {detail ? <use href={spriteHref('map-rivers')} className="map-river" strokeWidth={(stroke ?? 1) * 2.5} /> : null}
    </g>
  );
}

/** The whole country, small in a free corner, with a frame around the part shown. */
function Overview({ box, view }: { box: Viewport; view: Viewport }) {
  return (
    <svg x={box.x} y={box.y} width={box.width} height={box.height} viewBox={viewBox(FULL_VIEW)} className="map-overview" aria-hidden="true">
      <rect className="map-overview-bg" x={0} y={0} width={FULL_VIEW.width} height={FULL_VIEW.height} rx={24} />
      <Country detail={false} />
      <rect className="map-overview-frame" x={view.x} y={view.y} width={view.width} height={view.height} strokeWidth={8} />
    </svg>
  );
}
