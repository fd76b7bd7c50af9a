// The site's one message catalogue: every text the site writes itself, by area (one file per
// area), in Dutch (which defines the keys) and English (which must have exactly the same keys:
// the types make a missing or extra one a compile error). ICU MessageFormat throughout.
import { accountsEn, accountsNl } from '../../features/accounts/messages';
import { blocksEn, blocksNl } from './blocks';
import { chromeEn, chromeNl } from './chrome';
import { coreEn, coreNl } from './core';
import { donationsEn, donationsNl } from '../../features/donations/messages';
import { findGroupEn, findGroupNl } from '../../features/find-group/messages';
import { formViewEn, formViewNl } from './form-view';
import { formsEn } from './forms-en';
import { formsNl } from './forms-nl';
import { mailEn, mailNl } from './mail';
import { pagesEn, pagesNl } from './pages';
import { serverPagesEn, serverPagesNl } from './server-pages';
import { testFlowEn, testFlowNl } from '../../features/loneliness-test/messages';
import type { Locale } from '../locale';

/** The areas, so a test can hold them to distinct keys. */
export const AREAS = {
  accounts: [accountsNl, accountsEn],
  blocks: [blocksNl, blocksEn],
  chrome: [chromeNl, chromeEn],
  core: [coreNl, coreEn],
  donations: [donationsNl, donationsEn],
  findGroup: [findGroupNl, findGroupEn],
  forms: [formsNl, formsEn],
  formView: [formViewNl, formViewEn],
  mail: [mailNl, mailEn],
  pages: [pagesNl, pagesEn],
  serverPages: [serverPagesNl, serverPagesEn],
  testFlow: [testFlowNl, testFlowEn],
} as const;

const nl = { ...accountsNl, ...blocksNl, ...chromeNl, ...coreNl, ...donationsNl, ...findGroupNl, ...formsNl, ...formViewNl, ...mailNl, ...pagesNl, ...serverPagesNl, ...testFlowNl };

export type MessageKey = keyof typeof nl;

const en: Record<MessageKey, string> = { ...accountsEn, ...blocksEn, ...chromeEn, ...coreEn, ...donationsEn, ...findGroupEn, ...formsEn, ...formViewEn, ...mailEn, ...pagesEn, ...serverPagesEn, ...testFlowEn };

export const catalogues: Readonly<Record<Locale, Readonly<Record<MessageKey, string>>>> = { nl, en };

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(nl, key);
}
