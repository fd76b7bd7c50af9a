// The browser build refuses server-only code: compiling a browser entry that reaches the
// content client (its token, its cache) or the durable store fails the build, naming the file.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import webpack from 'webpack';
import { ServerOnlyPlugin } from '../../build/server-only-plugin.js';

const root = path.resolve(import.meta.dirname, '../..');

async function compileForBrowser(entry: string): Promise<string[]> {
  const out = await mkdtemp(path.join(os.tmpdir(), 'server-only-'));
  try {
    const compiler = webpack({
      mode: 'development',
      target: 'web',
      context: root,
      devtool: false,
      entry: { main: entry },
      output: { path: out },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
      module: { rules: [{ test: /\.tsx?$/, exclude: /node_modules/, use: { loader: 'esbuild-loader', options: { loader: 'tsx', target: 'es2022' } } }] },
      plugins: [new ServerOnlyPlugin()],
    });
    const stats = await new Promise<webpack.Stats>((resolve, reject) => compiler.run((err, s) => (err || !s ? reject(err) : resolve(s))));
    await new Promise<void>((resolve) => compiler.close(() => resolve()));
    return stats.compilation.errors.filter((e) => e.name === 'ServerOnlyError').map((e) => e.message);
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

describe('server-only code and the browser build', () => {
  it('fails when a browser entry reaches the content client', async () => {
    const errors = await compileForBrowser('./src/content/site-content.ts');
    assert.ok(errors.some((e) => e.includes('src/content/site-content.ts')), errors.join('\n'));
  });

  it('fails when a browser entry reaches the durable store', async () => {
    const errors = await compileForBrowser('./server/store/database.ts');
    assert.ok(errors.some((e) => e.includes('server/store/database.ts')), errors.join('\n'));
    assert.ok(errors.some((e) => e.includes('better-sqlite3')), errors.join('\n'));
  });

  it('lets the shared rules through', async () => {
    assert.deepEqual(await compileForBrowser('./src/forms/postcode.ts'), []);
  });
});
