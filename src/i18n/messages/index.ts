// Catalogues are split by area (one file per area and locale) so features add their texts
// without touching each other's; merged here.
import { blocksEn, blocksNl } from './blocks';
import { chromeEn, chromeNl } from './chrome';
import { coreEn, coreNl } from './core';
import { findGroupEn, findGroupNl } from './find-group';
import { pagesEn, pagesNl } from './pages';
import { testFlowEn, testFlowNl } from './test-flow';

type Catalogue = Record<string, string>;

export const catalogues: Record<'nl' | 'en', Catalogue> = {
  nl: { ...blocksNl, ...chromeNl, ...coreNl, ...findGroupNl, ...pagesNl, ...testFlowNl },
  en: { ...blocksEn, ...chromeEn, ...coreEn, ...findGroupEn, ...pagesEn, ...testFlowEn },
};
