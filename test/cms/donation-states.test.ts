// The donation states have one home (src/content/model/blocks/engagement.ts); Strapi's
// donation-state component, where editors write each state's text, must offer the same ones.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { donationStates } from '../../src/content/model/blocks/engagement';
import { DONATION_VIEW_STATES } from '../../src/routing/donation-view';

test('Strapi offers an editor exactly the donation states the site decides between', () => {
  const component = JSON.parse(readFileSync('cms/src/components/shared/donation-state.json', 'utf8')) as { attributes: { status: { enum: string[] } } };
  assert.deepEqual([...component.attributes.status.enum].sort(), [...donationStates].sort());
  assert.equal(DONATION_VIEW_STATES, donationStates, 'the server decides between the same list, not a copy');
});
