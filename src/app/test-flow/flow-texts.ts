// The flow's own texts, resolved on the server (the catalogue stays out of the browser bundle)
// and handed to the client component as plain strings.
import { t } from '../../i18n/intl';
import { testFlowNl } from '../../i18n/messages/test-flow';

import type { FlowTexts } from './fill';

export type { FlowTexts };

const EXTRA_KEYS = ['blocks.test.score', 'blocks.test.emotional', 'blocks.test.social'] as const;

/** Every `testFlow.*` text for the locale, placeholders left in (`{n}`), plus the score lines. */
export function flowTexts(locale: 'nl' | 'en'): FlowTexts {
  const texts: FlowTexts = {};
  for (const key of Object.keys(testFlowNl)) texts[key] = raw(locale, key);
  texts['testFlow.score'] = raw(locale, EXTRA_KEYS[0]);
  texts['testFlow.emotional'] = raw(locale, EXTRA_KEYS[1]);
  texts['testFlow.social'] = raw(locale, EXTRA_KEYS[2]);
  return texts;
}

/** The message with its placeholders kept, for `fill` in the browser. */
function raw(locale: 'nl' | 'en', key: string): string {
  return t(locale, key, { n: '{n}', total: '{total}', score: '{score}', zipcode: '{zipcode}', age: '{age}', municipality: '{municipality}', district: '{district}' });
}
