import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isValidElement, type ReactElement } from 'react';
import type { BlockContext } from '../../src/blocks/block-context';
import { Blocks, opensWithHeading } from '../../src/app/content-blocks';
import { blockComponents } from '../../src/content/model';
import type { BlockRecord } from '../../src/content/site-content';

function context() {
  const warnings: unknown[] = [];
  const logger = { warn: (...args: unknown[]) => warnings.push(args) };
  const ctx = { locale: 'nl', pathname: '/x', query: {}, services: { logger } } as unknown as BlockContext;
  return { ctx, warnings };
}

const children = (el: ReactElement) => (el.props as { children: unknown[] }).children;

test('an unknown block type is skipped with one warning, the rest still renders', () => {
  const { ctx, warnings } = context();
  const blocks = [{ __component: 'blocks.from-the-future', id: 1 }, { __component: 'blocks.divider', id: 2 }] as unknown as BlockRecord[];
  const out = children(Blocks({ blocks, ctx }));
  assert.equal(out[0], null);
  assert.ok(isValidElement(out[1]));
  assert.equal(warnings.length, 1);
});

test('every block type of the model has a component', () => {
  const { ctx, warnings } = context();
  const blocks = blockComponents.map((c, id) => ({ __component: c, id })) as unknown as BlockRecord[];
  const out = children(Blocks({ blocks, ctx }));
  assert.ok(out.every((el) => isValidElement(el)));
  assert.equal(warnings.length, 0);
});

test('an intro or hero that opens the page carries its h1', () => {
  assert.equal(opensWithHeading([{ __component: 'blocks.intro' } as BlockRecord]), true);
  assert.equal(opensWithHeading([{ __component: 'blocks.hero-cards' } as BlockRecord]), true);
  assert.equal(opensWithHeading([{ __component: 'blocks.text' } as BlockRecord]), false);
  assert.equal(opensWithHeading([]), false);
});
