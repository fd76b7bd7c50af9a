// What the result of the loneliness test advises, by band and age: where to get help now
// (always; first for the two highest bands; De Kindertelefoon only under 18), and next steps:
// tips for the lowest band, else the nearest group for the postcode and age, or the online
// group (18 to 30). Pure, so the browser flow and the server-rendered result agree.
import { pathTo } from '../../../routing/path-to';
import type { Locale } from '../../../i18n/locale';
import type { HelpLine } from '../../../content/model/help-line';
import { isParticipantAge, ONLINE_MIN_AGE } from '../../../forms/age-limits';
import { normalisePostcode } from '../../../forms/postcode';
import { showsHelpFirst, type Band } from './bands';

/** Help lines for this age: a line with a maximum age (De Kindertelefoon: under 18) only below it. */
export function helpLinesFor<L extends Pick<HelpLine, 'maxAge'>>(lines: readonly L[], age: number): L[] {
  return lines.filter((line) => line.maxAge == null || age <= line.maxAge);
}

export type NextStep =
  | { kind: 'tips' }
  | { kind: 'group'; zipcode: string; age: number; online: boolean }
  | { kind: 'online' }
  | { kind: 'other-help' };

/** The next step besides help: tips when not lonely; a group for 12 to 30 (with the online
 * group offered from 18); past 30 the site's groups do not fit, so other help. */
export function nextStep(band: Band, age: number, postcode: string): NextStep {
  if (band === 'not-lonely') return { kind: 'tips' };
  if (!isParticipantAge(age)) return { kind: 'other-help' };
  // The search's address carries the postcode without its space.
  const zipcode = normalisePostcode(postcode)?.replace(' ', '');
  if (!zipcode) return age >= ONLINE_MIN_AGE ? { kind: 'online' } : { kind: 'other-help' };
  return { kind: 'group', zipcode, age, online: age >= ONLINE_MIN_AGE };
}

export type ResultAdvice = { band: Band; helpFirst: boolean; next: NextStep };

export function resultAdvice(band: Band, age: number, postcode: string): ResultAdvice {
  return { band, helpFirst: showsHelpFirst(band), next: nextStep(band, age, postcode) };
}

/** The find-a-group search (a GET form on /locaties: postcode, age) for this postcode and age. */
export function groupSearchHref(locale: Locale, zipcode: string, age: number): string {
  return pathTo('locaties', locale, undefined, { postcode: zipcode, age: String(age) });
}
