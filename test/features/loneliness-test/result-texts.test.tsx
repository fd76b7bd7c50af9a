// The result panel's texts: the page's test-result block (title, disclaimer, retake label,
// showNearestGroup) over the flow's own words; help always shown.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import type { BlockContext } from '../../../src/blocks/block-context';
import type { PageRecord } from '../../../src/content/site-content';
import { flowTexts } from '../../../src/features/loneliness-test/flow/flow-texts';
import { resultTexts, testResultBlockOf, type TestResultBlockRecord } from '../../../src/features/loneliness-test/flow/result-texts';

const ctx = { locale: 'nl', pathname: '/doe-de-test/start', query: {}, services: { publicConfig: { publicOrigin: 'https://joinus.example' } } } as unknown as BlockContext;
const block = { __component: 'blocks.test-result', id: 1, anchor: 'uitslag', title: 'Jouw uitslag', disclaimer: 'Een *indicatie*, geen diagnose.', showNearestGroup: false, showHelp: true, retakeLabel: 'Nog een keer' } as unknown as TestResultBlockRecord;

test('the page\'s test-result block is found among its blocks', () => {
  const page = { blocks: [{ __component: 'blocks.form', id: 2 }, block] } as unknown as PageRecord;
  assert.equal(testResultBlockOf(page), block);
  assert.equal(testResultBlockOf({ blocks: [{ __component: 'blocks.form', id: 2 }] } as unknown as PageRecord), null);
  assert.equal(testResultBlockOf(null), null);
});

test('with the block: its title, retake label, disclaimer and group setting; built-in help lines', () => {
  const r = resultTexts(null, block, 'nl', ctx, flowTexts('nl'));
  assert.deepEqual([r.title, r.retakeLabel, r.showNearestGroup, r.block], ['Jouw uitslag', 'Nog een keer', false, { anchor: 'uitslag' }]);
  assert.match(renderToStaticMarkup(<>{r.disclaimer}</>), /Een <em>indicatie<\/em>, geen diagnose\./);
  assert.deepEqual(r.helpLines.map((l) => l.name), ['De Kindertelefoon', '113 Zelfmoordpreventie', 'Je huisarts']);
});

test('without the block: the flow\'s words, groups named, not rendered as the block', () => {
  const r = resultTexts(null, null, 'en', { ...ctx, locale: 'en' }, flowTexts('en'));
  assert.deepEqual([r.title, r.retakeLabel, r.showNearestGroup, r.block], ['Your result', 'Take the test again', true, null]);
  assert.match(renderToStaticMarkup(<>{r.disclaimer}</>), /This result is an indication, not a diagnosis\./);
});
