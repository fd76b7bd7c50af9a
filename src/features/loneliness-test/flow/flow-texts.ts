// The flow's own texts, straight from the catalogue's test-flow area with their placeholders
// (`{n}`), handed to the client component as plain strings and filled there with formatPlain.
import type { Locale } from '../../../i18n/locale';
import { testFlowEn, testFlowNl } from '../messages';

export type FlowTexts = Readonly<Record<keyof typeof testFlowNl, string>>;

export function flowTexts(locale: Locale): FlowTexts {
  return locale === 'en' ? testFlowEn : testFlowNl;
}
