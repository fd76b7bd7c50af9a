// The lint keeps the layers pointing one way: each case is an import a newcomer might write,
// linted as if it sat in that file, with the project's own ESLint config.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { before, describe, it } from 'node:test';
// @ts-expect-error: a plain .mjs helper without types
import { ensureLinter, lintTool, root } from '../../scripts/ensure-linter.mjs';

type Message = { ruleId: string | null; message: string };
type ESLintLike = { lintText(code: string, options: { filePath: string }): Promise<Array<{ messages: Message[] }>> };
let eslint: ESLintLike;

before(async () => {
  ensureLinter();
  const { ESLint } = createRequire(path.join(lintTool, 'package.json'))('eslint') as { ESLint: new (o: object) => ESLintLike };
  eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(lintTool, 'eslint.config.js') });
});

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

const layerError = (list: string[]) => list.some((p) => p.startsWith('boundaries/dependencies'));

describe('layer boundaries', () => {
  it('refuses src/blocks importing src/app', async () => {
    assert.ok(layerError(await problems('src/blocks/probe.tsx', "import { routes } from '../app/routes';\nexport const n = routes.length;\n")));
  });

  it('refuses src/app importing server/', async () => {
    assert.ok(layerError(await problems('src/app/probe.ts', "import { parseEnv } from '../../server/env';\nexport const e = parseEnv;\n")));
  });

  it('refuses server/ reaching src/app other than through src/framework', async () => {
    assert.ok(layerError(await problems('server/probe.ts', "import { routes } from '../src/app/routes';\nexport const n = routes.length;\n")));
  });

  it('refuses src/content importing a view', async () => {
    assert.ok(layerError(await problems('src/content/probe.ts', "import { routes } from '../app/routes';\nexport const n = routes.length;\n")));
  });

  it('refuses React in the form rules', async () => {
    const list = await problems('src/forms/probe.ts', "import { useState } from 'react';\nexport const s = useState;\n");
    assert.ok(list.some((p) => p.startsWith('no-restricted-imports')), list.join('\n'));
  });

  it('lets an import along the arrow through', async () => {
    assert.deepEqual(await problems('src/app/probe.ts', "import { validateForm } from '../forms/validate';\nexport const v = validateForm;\n"), []);
  });
});
