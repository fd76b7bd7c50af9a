// No import cycles in server/ or src/, type-only imports included: a type lives in the file that
// owns it, so following the imports from any file never comes back to it. Checked with
// dependency-cruiser (installed with the linter in tools/lint, before the unit run).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
// @ts-expect-error: a plain .mjs helper without types
import { lintTool, requireLinter, root } from '../../scripts/ensure-linter.mjs';

type Cruised = { output: { modules: Array<{ source: string; dependencies: Array<{ resolved: string; circular: boolean }> }> } };
type Cruise = (files: string[], options: Record<string, unknown>) => Promise<Cruised>;

async function cycles(dirs: string[], cwd: string): Promise<string[]> {
  requireLinter();
  const { cruise } = (await import(pathToFileURL(path.join(lintTool, 'node_modules/dependency-cruiser/src/main/index.mjs')).href)) as { cruise: Cruise };
  const before = process.cwd();
  process.chdir(cwd);
  try {
    const result = await cruise(dirs, { tsPreCompilationDeps: true, tsConfig: { fileName: path.join(root, 'tsconfig.json') }, doNotFollow: { path: 'node_modules' } });
    return result.output.modules.flatMap((m) => m.dependencies.filter((d) => d.circular).map((d) => `${m.source} -> ${d.resolved}`));
  } finally {
    process.chdir(before);
  }
}

describe('import cycles', () => {
  test('server/ and src/ have none', async () => {
    assert.deepEqual(await cycles(['server', 'src'], root), []);
  });

  test('a cycle closed only by a type import is found (the kind server/forms had)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cycles-'));
    try {
      writeFileSync(path.join(dir, 'router.ts'), "import type { Post } from './post';\nexport type Deps = { post: Post };\n");
      writeFileSync(path.join(dir, 'post.ts'), "import type { Deps } from './router';\nexport type Post = { deps: Deps };\n");
      const found = await cycles(['.'], dir);
      assert.equal(found.length, 2, found.join('\n'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
