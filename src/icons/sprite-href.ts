// The address of a drawing in the sprite (src/app/sprite.ts). The build defines SPRITE_URL as the
// content-hashed file it wrote (/assets/sprite.<hash>.svg, cached for a year); outside a
// webpack build (unit tests under tsx) the unhashed name a development build writes.
const SPRITE_URL = process.env.SPRITE_URL ?? '/assets/sprite.svg';

export const spriteHref = (id: string) => `${SPRITE_URL}#${id}`;

/** The id of a social network's mark in the sprite. */
export const brandSymbolId = (name: string) => `brand-${name}`;

/** The ids of the locations map's pieces, drawn in this order: sea, land, lakes, rivers. */
export const MAP_PIECES = ['map-sea', 'map-land', 'map-lakes', 'map-rivers'] as const;
export type MapPiece = (typeof MAP_PIECES)[number];
