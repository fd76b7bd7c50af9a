// Four compilations built together:
//   client  browser bundle + react-server-dom-webpack/plugin (client and SSR manifests)
//   rsc     the server-component graph, resolved with the `react-server` condition,
//           one CommonJS file with its own copy of React's server build
//   server  the Express server and the client components for SSR, normal conditions,
//           node_modules left external: production runs plain `node dist/server/index.cjs`
//   scripts the operator commands (scripts/submissions.ts), like the server: plain node runs them
// Rules every compilation keeps: webpack pinned to 5.111.1 (the RSC plugin follows its
// internals); rsc exports are not mangled or dropped; NODE_ENV and webpack mode always match
// (a dev Flight payload leaks server paths).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import webpack from 'webpack';
import CompressionPlugin from 'compression-webpack-plugin';
import ReactServerWebpackPlugin from 'react-server-dom-webpack/plugin';
import { BuildInfoPlugin } from './build-info-plugin.js';
import { EntryClientChunksPlugin } from './entry-client-chunks-plugin.js';
import { ServerOnlyPlugin } from './server-only-plugin.js';
import { SpritePlugin, spriteAsset } from './sprite-plugin.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isProd = process.env.NODE_ENV === 'production';
const mode = isProd ? 'production' : 'development';
// The drawings' sprite (src/app/sprite.ts): written by the client build, its address known
// to all three, so server components, SSR and the browser all point at the same file.
const sprite = await spriteAsset(root, isProd);
const nodeEnv = new webpack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode), 'process.env.SPRITE_URL': JSON.stringify(`/${sprite.file}`) });

const esbuild = (loader) => ({ loader: 'esbuild-loader', options: { loader, target: 'es2022', jsx: 'automatic' } });
const tsRules = [
  { test: /\.tsx$/, exclude: /node_modules/, use: esbuild('tsx') },
  { test: /\.ts$/, exclude: /node_modules/, use: esbuild('ts') },
];
const resolve = { extensions: ['.tsx', '.ts', '.js', '.jsx', '.json'] };
// The client components every page's layout renders (the chrome's, the error boundary around
// the page): in the main bundle, so a first view loads one script instead of one per component
// (EntryClientChunksPlugin drops their chunk from the manifest). The rest keep a chunk each,
// loaded by the pages that show them.
const everyPageClientComponents = [
  ...readdirSync(path.join(root, 'src/app/chrome')).filter((f) => f.endsWith('.client.tsx')).map((f) => `./src/app/chrome/${f}`),
  './src/app/components/error-boundary.client.tsx',
];
const compress = [
  new CompressionPlugin({ filename: '[path][base].gz', algorithm: 'gzip', test: /\.(js|css|svg|json)$/, threshold: 0, minRatio: 1 }),
  new CompressionPlugin({
    filename: '[path][base].br',
    algorithm: 'brotliCompress',
    test: /\.(js|css|svg|json)$/,
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    threshold: 0,
    minRatio: 1,
  }),
];

/** @type {import('webpack').Configuration} */
const client = {
  name: 'client',
  mode,
  target: 'web',
  context: root,
  devtool: isProd ? false : 'cheap-module-source-map',
  entry: { main: ['./src/framework/browser/entry.browser.tsx', ...everyPageClientComponents] },
  output: {
    path: path.join(root, 'dist/client'),
    publicPath: '/',
    filename: isProd ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
    chunkFilename: isProd ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
    cssFilename: isProd ? 'assets/[name].[contenthash:8].css' : 'assets/[name].css',
    clean: true,
  },
  experiments: { css: true },
  resolve,
  module: { rules: tsRules },
  plugins: [
    nodeEnv,
    new ReactServerWebpackPlugin({
      isServer: false,
      clientReferences: [{ directory: './src', recursive: true, include: /\.client\.tsx?$/ }],
      chunkName: 'client[index]',
    }),
    new EntryClientChunksPlugin(),
    new BuildInfoPlugin(),
    new ServerOnlyPlugin(),
    new SpritePlugin(sprite),
    ...(isProd ? compress : []),
  ],
  performance: { hints: false },
};

/** @type {import('webpack').Configuration} */
const rsc = {
  name: 'rsc',
  mode,
  target: 'node20',
  context: root,
  devtool: isProd ? false : 'source-map',
  entry: { rsc: './src/framework/entry.rsc.tsx' },
  output: { path: path.join(root, 'dist/rsc'), filename: '[name].cjs', library: { type: 'commonjs2' }, clean: true },
  resolve: { ...resolve, conditionNames: ['react-server', 'node', 'import', 'require', 'default'] },
  module: {
    // Loaders run bottom-up: esbuild strips types (and JSX in .tsx only: `<T>(x) =>` is a
    // generic in .ts), then the directive loader sees plain ESM.
    rules: [
      { test: /\.tsx$/, exclude: /node_modules/, use: [{ loader: path.join(root, 'build/rsc-directives-loader.cjs') }, esbuild('tsx')] },
      { test: /\.ts$/, exclude: /node_modules/, use: [{ loader: path.join(root, 'build/rsc-directives-loader.cjs') }, esbuild('ts')] },
    ],
  },
  externalsPresets: { node: true },
  plugins: [nodeEnv],
  optimization: { minimize: false, moduleIds: 'named', mangleExports: false, usedExports: false, concatenateModules: false },
  performance: { hints: false },
};

/** @type {import('webpack').Configuration} */
const server = {
  name: 'server',
  mode,
  target: 'node20',
  context: root,
  devtool: isProd ? false : 'source-map',
  // The image encoder's process (server/content/encoder-process.ts) starts from a file of its own.
  entry: { index: './server/index.ts', 'image-encoder-child': './server/content/image-encoder-child.ts' },
  output: { path: path.join(root, 'dist/server'), filename: '[name].cjs', library: { type: 'commonjs2' }, clean: true },
  resolve,
  // createRequire here loads files that exist only at run time (the rsc bundle, client
  // modules under tsx): webpack must leave it alone.
  module: { rules: tsRules, parser: { javascript: { createRequire: false } } },
  externalsPresets: { node: true },
  // Dependencies stay in node_modules: one React for react-dom/server and the client
  // components, and no surprises from bundling packages that read their own files.
  externals: [({ request }, cb) => (/^[a-z@][^:]*$/i.test(request) ? cb(null, `commonjs ${request}`) : cb())],
  plugins: [nodeEnv, new webpack.DefinePlugin({ 'process.env.SSR_BUNDLE': JSON.stringify('1') })],
  optimization: { minimize: false },
  performance: { hints: false },
};

/** @type {import('webpack').Configuration} */
const scripts = {
  ...server,
  name: 'scripts',
  // Operator commands, runnable with plain node where the site runs (the image has no tsx):
  // `node dist/scripts/submissions.cjs list`.
  entry: { submissions: './scripts/submissions.ts' },
  output: { path: path.join(root, 'dist/scripts'), filename: '[name].cjs', library: { type: 'commonjs2' }, clean: true },
  plugins: [nodeEnv],
};

export default [client, rsc, server, scripts];
