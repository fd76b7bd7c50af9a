// The start screen of the test (with JavaScript) shows the test's intro from the content and
// then the flow's own line: the line adds what the intro does not say (how many sentences, how
// long) and never says the intro's instruction a second time.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { testFlowEn, testFlowNl } from '../../../src/features/loneliness-test/messages';

const words = (text: string) => text.toLowerCase().replace(/\*\*/g, '').match(/[\p{L}\d]+/gu) ?? [];

/** Runs of five words that both texts contain. */
function sharedRuns(a: string, b: string): string[] {
  const inB = ` ${words(b).join(' ')} `;
  const wa = words(a);
  const shared: string[] = [];
  for (let i = 0; i + 5 <= wa.length; i++) {
    const run = wa.slice(i, i + 5).join(' ');
    if (inB.includes(` ${run} `)) shared.push(run);
  }
  return shared;
}

for (const [locale, texts] of [['nl', testFlowNl], ['en', testFlowEn]] as const) {
  test(`${locale}: the start line does not repeat the intro of the embedded content`, () => {
    const intro = (JSON.parse(readFileSync(`content/snapshot/${locale}/single/loneliness-test.json`, 'utf8')) as { intro: string }).intro;
    assert.deepEqual(sharedRuns(texts['testFlow.startIntro'], intro), []);
  });
}
