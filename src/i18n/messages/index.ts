// Catalogues are split by area (one file per area and locale) so features add their texts
// without touching each other's; merged here.
import { chromeEn, chromeNl } from './chrome';
import { coreEn, coreNl } from './core';

type Catalogue = Record<string, string>;

export const catalogues: Record<'nl' | 'en', Catalogue> = {
  nl: { ...chromeNl, ...coreNl },
  en: { ...chromeEn, ...coreEn },
};
