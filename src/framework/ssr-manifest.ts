// Glue between react-server-dom-webpack's Node client and this server: the plugin's SSR
// manifest rewritten into the shape the Node client reads, and the webpack globals the client
// calls to load client components, which must hand back the same promise for the same id.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { SSRManifest } from 'react-server-dom-webpack/client';
import { loadClientModule } from './ssr-client-modules';

type PluginSsrManifest = {
  moduleMap: Record<string, Record<string, { specifier: string; name: string }>>;
};

/** The plugin writes `moduleMap[clientId][name] = {specifier, name}`; the Node client reads
 * `{id, chunks, name}`. The SSR id is the module's path relative to the project root the
 * build ran in, so the manifest keeps working when the build is moved (a container image). */
export function toSsrManifest(raw: PluginSsrManifest, buildRoot: string): SSRManifest {
  const moduleMap: Record<string, Record<string, { id: string; chunks: string[]; name: string }>> = {};
  for (const [clientId, exportsMap] of Object.entries(raw.moduleMap)) {
    const entries: Record<string, { id: string; chunks: string[]; name: string }> = {};
    for (const [name, entry] of Object.entries(exportsMap)) {
      const file = entry.specifier.startsWith('file:') ? fileURLToPath(entry.specifier) : entry.specifier;
      entries[name] = { id: path.relative(buildRoot, file).split(path.sep).join('/'), chunks: [], name: entry.name };
    }
    moduleMap[clientId] = entries;
  }
  // No moduleLoading: with one, the Node client has React start each client component's chunk
  // with an async <script> in <head>, which shares a slow line with the first view's images.
  // The browser loads those chunks when it reads the payload, after the page's load event
  // (SCRIPTS_AFTER_LOAD in src/routing/inline-scripts.ts).
  return { moduleMap, moduleLoading: null, serverModuleMap: null };
}

const loaded = new Map<string, Promise<void>>();
const READY = Promise.resolve();

/** The Node Flight client calls these free globals to load client references. React stores
 * state on the promise it gets back, so each id must always get the same promise object. */
export function installWebpackShims(): void {
  const g = globalThis as Record<string, unknown>;
  g['__webpack_require__'] = (id: string) => loadClientModule(id);
  // Packages such as `bindings` (better-sqlite3) read a global __webpack_require__ as "we are
  // inside a webpack bundle" and then load native modules with __non_webpack_require__.
  g['__non_webpack_require__'] ??= createRequire(path.join(process.cwd(), 'package.json'));
  g['__webpack_chunk_load__'] = (id: string) => {
    let p = loaded.get(id);
    if (!p) loaded.set(id, (p = READY));
    return p;
  };
}
