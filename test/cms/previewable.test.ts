// Strapi offers a preview (cms/config/admin.ts) exactly for the types the site can preview
// (server/pages/preview.ts): no button that opens the site's 404.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PREVIEWABLE } from '../../cms/src/preview/previewable';
import { PREVIEW_UIDS } from '../../server/pages/preview';

test("Strapi's previewable types are the site's", () => {
  assert.deepEqual([...PREVIEWABLE].sort(), Object.keys(PREVIEW_UIDS).sort());
  assert.ok(!PREVIEWABLE.has('api::global.global'), 'the global settings have no page of their own');
});
