// Shared pieces of the store tests: a fresh directory per test, a content client pointing at
// a fake service with a short timeout, a clock the test moves, and a check that no log line
// carries a visitor's details.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { createContentClient } from '../../../../src/content/client';
import { parseContentSettings } from '../../../../src/content/settings';

export { captureLogger } from '../../../content/helpers/logger';

export function tempDir(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'joinus-store-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function contentClient(url: string, logger: Logger, timeoutMs = 300) {
  return createContentClient({ settings: parseContentSettings({ url, timeoutMs }), logger, cache: null });
}

export function clock(start = Date.now()) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

export const VISITOR = {
  name: 'Sanne de Vries',
  email: 'sanne.devries@example.org',
  phone: '06 12345678',
  message: 'Ik wil graag meer weten over de groep in Utrecht.',
  privacy: true,
};

/** Every personal value of VISITOR, searched in the raw lines. */
export function assertNothingPersonal(lines: ReadonlyArray<Record<string, unknown>>): void {
  const text = JSON.stringify(lines);
  for (const value of [VISITOR.name, VISITOR.email, VISITOR.phone, VISITOR.message, 'Sanne', 'devries']) {
    assert.ok(!text.includes(value), `a log line contains "${value}"`);
  }
}
