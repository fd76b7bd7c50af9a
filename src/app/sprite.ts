// Every drawing a page shows more than once, as one SVG file that the browser fetches once and
// caches for a year: the icons (a <symbol> each, on a 24 x 24 grid), the social-network marks,
// the logo mark, the flags and the divider's wave (src/icons/marks.ts), and the pieces of the locations map (a <g> each, in the map's own coordinates). Pages refer
// to them with <use href="/assets/sprite.<hash>.svg#id"> (see src/icons/sprite-href.ts), so a drawing
// is no longer written into the HTML and again into the Flight payload of every page.
//
// The build (build/webpack.config.js) runs this module, names the file by its content hash
// and writes it next to the scripts. Colours are not drawn here: the <use> element passes
// `currentColor`, fill and stroke down by inheritance, so the page's CSS still colours
// every icon and every part of the map, in light and dark mode.
import { lakePaths, landPaths, riverPaths, seaPath } from '../features/find-group';
import { brandPaths, brandNames } from '../icons/brand-paths';
import { lucideNodes, type IconElement } from '../icons/lucide-nodes';
import { marks } from '../icons/marks';
import { brandSymbolId, MAP_PIECES, type MapPiece } from '../icons/sprite-href';

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const attrs = (a: Readonly<Record<string, string>>) => Object.entries(a).map(([k, v]) => ` ${k}="${escape(v)}"`).join('');
const element = ([tag, a]: IconElement) => `<${tag}${attrs(a)}/>`;
const paths = (ds: readonly string[]) => ds.map((d) => `<path d="${escape(d)}"/>`).join('');

const MAP_DRAWINGS: Record<MapPiece, readonly string[]> = {
  'map-sea': [seaPath],
  'map-land': landPaths,
  'map-lakes': lakePaths,
  'map-rivers': riverPaths,
};

/** The sprite file's text. Deterministic: the same drawings give the same bytes (and hash). */
export function spriteDocument(): string {
  const icons = Object.entries(lucideNodes).map(([name, nodes]) => `<symbol id="${name}" viewBox="0 0 24 24">${nodes.map(element).join('')}</symbol>`);
  const brands = brandNames.map((name) => {
    const rule = name === 'linkedin' ? ' fill-rule="evenodd"' : '';
    return `<symbol id="${brandSymbolId(name)}" viewBox="0 0 24 24"><path d="${escape(brandPaths[name])}"${rule}/></symbol>`;
  });
  const own = Object.entries(marks).map(([id, mark]) => `<symbol id="${id}" viewBox="${mark.viewBox}">${mark.body}</symbol>`);
  const map = MAP_PIECES.map((id) => `<g id="${id}">${paths(MAP_DRAWINGS[id])}</g>`);
  return `<svg xmlns="http://www.w3.org/2000/svg">${[...icons, ...brands, ...own, ...map].join('')}</svg>\n`;
}
