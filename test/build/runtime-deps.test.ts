// The image's node_modules (scripts/runtime-deps.mjs, used by the Dockerfile): what the built
// bundles require, nothing they already hold or that only a build or an install needs.
// Needs `npm run build` (dist/).
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
// @ts-expect-error a plain .mjs script without type declarations
import { bundleExternals, runtimePackages } from '../../scripts/runtime-deps.mjs';
import pkg from '../../package.json' with { type: 'json' };

const externals = (bundleExternals as () => string[])();
const names = (runtimePackages as () => string[])().map((dir) => dir.split(`${path.sep}node_modules${path.sep}`).pop()!);

test('every package the bundles require is a dependency, not a devDependency (the image has no devDependencies)', () => {
  assert.ok(externals.includes('express') && externals.includes('better-sqlite3'), `externals read from dist: ${externals.join(' ')}`);
  const dependencies = Object.keys(pkg.dependencies);
  assert.deepEqual(externals.filter((name) => !dependencies.includes(name)), []);
});

test('the run-time packages leave out build tools, types, install helpers and what the bundles hold', () => {
  for (const name of ['react-dom', 'react-server-dom-webpack', 'pino', 'bindings']) assert.ok(names.includes(name), name);
  for (const name of ['webpack', 'webpack-cli', 'tsx', 'typescript', 'esbuild', 'prebuild-install', 'simple-icons', 'sanitize-html', 'altcha']) assert.ok(!names.includes(name), name);
  assert.deepEqual(names.filter((name) => name.startsWith('@types/')), []);
});
