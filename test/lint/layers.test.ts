// The lint keeps the layers pointing one way: each case is an import a newcomer might write,
// linted as if it sat in that file, with the project's own ESLint config.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
// @ts-expect-error: a plain .mjs helper without types
import { lintTool, requireLinter, root } from '../../scripts/ensure-linter.mjs';

type Message = { ruleId: string | null; message: string };
type ESLintLike = { lintText(code: string, options: { filePath: string }): Promise<Array<{ messages: Message[] }>> };
let eslint: ESLintLike | undefined;

/** The project's ESLint, installed by `npm run lint` (before the unit run in `npm test`), never
 * here: without it each case fails with the message naming `npm run lint`. */
function linter(): ESLintLike {
  requireLinter();
  if (!eslint) {
    const { ESLint } = createRequire(path.join(lintTool, 'package.json'))('eslint') as { ESLint: new (o: object) => ESLintLike };
    eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(lintTool, 'eslint.config.js') });
  }
  return eslint;
}

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await linter().lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

const layerError = (list: string[]) => list.some((p) => p.startsWith('boundaries/'));

const refused = async (file: string, code: string) => assert.ok(layerError(await problems(file, code)), `${file} should be refused:\n${code}`);
const allowed = async (file: string, code: string) => assert.deepEqual(await problems(file, code), []);

describe('layer boundaries', () => {
  it('refuses src/blocks importing src/app', () => refused('src/blocks/probe.tsx', "import { routes } from '../app/routes';\nexport const n = routes.length;\n"));

  it('refuses src/app importing server/', () => refused('src/app/probe.ts', "import { parseEnv } from '../../server/env';\nexport const e = parseEnv;\n"));

  it('refuses server/ reaching src/app other than through src/framework', () =>
    refused('server/pages/probe.ts', "import { routes } from '../../src/app/routes';\nexport const n = routes.length;\n"));

  it('refuses src/content importing a view', () => refused('src/content/probe.ts', "import { routes } from '../app/routes';\nexport const n = routes.length;\n"));

  it('refuses React in the form rules', async () => {
    const list = await problems('src/forms/probe.ts', "import { useState } from 'react';\nexport const s = useState;\n");
    assert.ok(list.some((p) => p.startsWith('no-restricted-imports')), list.join('\n'));
  });

  it('lets an import along the arrow through', () => allowed('src/app/probe.ts', "import { validateForm } from '../forms/validate';\nexport const v = validateForm;\n"));
});

describe('routing: framework -> app -> routing, one way', () => {
  it('lets the app read the path table', () => allowed('src/app/probe.ts', "import { PATH_TABLE } from '../routing/path-table';\nexport const n = PATH_TABLE.length;\n"));

  it('refuses the app importing the framework', () =>
    refused('src/app/probe.ts', "import { startRouter } from '../framework/browser/router';\nexport const s = startRouter;\n"));

  it('refuses routing importing the app or the framework', async () => {
    await refused('src/routing/probe.ts', "import { routes } from '../app/routes';\nexport const n = routes.length;\n");
    await refused('src/routing/probe.ts', "import { flightDataTag } from '../framework/flight-data';\nexport const f = flightDataTag;\n");
  });

  it('refuses React in routing', async () => {
    const list = await problems('src/routing/probe.ts', "import type { ReactNode } from 'react';\nexport type N = ReactNode;\n");
    assert.ok(list.some((p) => p.startsWith('no-restricted-imports')), list.join('\n'));
  });
});

describe('features: one folder each, reached only through index.ts', () => {
  it('lets a feature use its own files and shared views', () =>
    allowed('src/features/find-group/probe.tsx', "import { searchQuery } from './rules/search';\nimport { RichText } from '../../blocks/rich-text';\nexport const a = [searchQuery, RichText];\n"));

  it("refuses a feature reaching into another feature's files", () =>
    refused('src/features/loneliness-test/probe.ts', "import { searchQuery } from '../find-group/rules/search';\nexport const s = searchQuery;\n"));

  it("lets a feature use another through its index.ts", () =>
    allowed('src/features/loneliness-test/probe.ts', "import { SignUp } from '../find-group';\nexport const s = SignUp;\n"));

  it('refuses the app reaching past a feature\'s door, and lets it through the door', async () => {
    await refused('src/app/probe.ts', "import { districtRoute } from '../features/find-group/district-page';\nexport const d = districtRoute;\n");
    await allowed('src/app/probe.ts', "import { districtRoute } from '../features/find-group';\nexport const d = districtRoute;\n");
  });

  it('refuses shared views (src/blocks) importing a feature, even through its door', () =>
    refused('src/blocks/probe.tsx', "import { SignUp } from '../features/find-group';\nexport const s = SignUp;\n"));

  it('refuses one server feature reaching into another, and the one pipeline reaching any', async () => {
    await refused('server/features/donations/probe.ts', "import { accountLimits } from '../accounts/account-limits';\nexport const a = accountLimits;\n");
    await refused('server/forms/probe.ts', "import { donationHooks } from '../features/donations';\nexport const d = donationHooks;\n");
  });

  it("lets a server feature use its own browser side's files", () =>
    allowed('server/features/find-group/probe.ts', "import { findGroup } from '../../../src/features/find-group/rules/groups';\nexport const f = findGroup;\n"));

  it('refuses the server root reaching past a feature\'s door', async () => {
    const list = await problems('server/probe.ts', "import { accountLimits } from './features/accounts/account-limits';\nexport const a = accountLimits;\n");
    assert.ok(list.some((p) => p.startsWith('no-restricted-imports')), list.join('\n'));
  });

  it("lets the catalogues gather each feature's messages and forms, and nothing else of it", async () => {
    await allowed('src/i18n/messages/probe.ts', "import { donationsNl } from '../../features/donations/messages';\nexport const d = donationsNl;\n");
    await refused('src/i18n/messages/probe.ts', "import { DonationFacts } from '../../features/donations/donation-facts';\nexport const d = DonationFacts;\n");
    await refused('src/forms/probe.ts', "import { donation } from '../features/donations/forms/donation';\nexport const d = donation;\n");
  });
});

describe('every folder is a listed element', () => {
  it('fails a file in a folder no element lists, under src/ and under server/', async () => {
    for (const file of ['src/newthing/probe.ts', 'server/newthing/probe.ts']) {
      const list = await problems(file, 'export const n = 1;\n');
      assert.ok(list.some((p) => p.startsWith('no-restricted-syntax') || p.startsWith('boundaries/no-unknown-files')), `${file}: ${list.join('\n')}`);
    }
  });

  it('refuses a server part importing the composition root', () => refused('server/http/probe.ts', "import { parseEnv } from '../env';\nexport const e = parseEnv;\n"));
});
