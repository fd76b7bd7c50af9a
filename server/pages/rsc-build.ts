// Loads what `npm run build` wrote: the server-component bundle, the manifests and the build
// info. The bundle is a separate file with its own copy of React's server build (built with the
// `react-server` condition), loaded beside the normal React that SSR uses: two Reacts in one
// process, each reached only through its own entry.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { SSRManifest } from 'react-server-dom-webpack/client';
import type { ClientManifest, RscApp } from '../../src/framework/entry.rsc';
import type { Services } from '../../src/routing/services';
import { installWebpackShims, toSsrManifest } from '../../src/framework/ssr-manifest';

export type LoadedBuild = {
  id: string;
  timestamp: number;
  mode: 'production' | 'development';
  bootstrapScripts: string[];
  stylesheets: string[];
  ssrManifest: SSRManifest;
  assetsDir: string;
  createRscApp(services: Services): RscApp;
};

type BuildJson = { id: string; timestamp: number; mode?: string; root: string; entrypoints: { main: { js: string[]; css: string[] } } };

export function loadBuild(projectRoot: string): LoadedBuild {
  const dist = path.join(projectRoot, 'dist');
  const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(dist, file), 'utf8')) as T;
  const info = readJson<BuildJson>('client/build.json');
  const clientManifest = readJson<ClientManifest>('client/react-client-manifest.json');
  const ssrManifest = toSsrManifest(readJson('client/react-ssr-manifest.json'), info.root);
  const requireFromRoot = createRequire(path.join(projectRoot, 'package.json'));
  const rsc = requireFromRoot(path.join(dist, 'rsc/rsc.cjs')) as typeof import('../../src/framework/entry.rsc');
  installWebpackShims();
  return {
    id: info.id,
    timestamp: info.timestamp,
    mode: info.mode === 'development' ? 'development' : 'production',
    bootstrapScripts: info.entrypoints.main.js.map((f) => `/${f}`),
    stylesheets: info.entrypoints.main.css.map((f) => `/${f}`),
    ssrManifest,
    assetsDir: path.join(dist, 'client/assets'),
    createRscApp: (services) => rsc.createRscApp({ clientManifest, services }),
  };
}
