// Fails the browser build when server-only code would reach the bundle: the HTTP server, the
// durable store and mail (server/), the content client with its token and cache (src/content,
// apart from the record schemas in src/content/model and the search answer's schema), and the
// packages only a server uses. The list is here, in one place; the build enforces it.
import path from 'node:path';

/** Files under the project root (posix paths) that never belong in the browser. */
export function isServerOnlyFile(relative) {
  if (relative.startsWith('server/')) return true;
  if (relative.startsWith('src/content/')) return !(relative.startsWith('src/content/model/') || relative === 'src/content/q42-search.ts');
  return false;
}

const SERVER_PACKAGES = new Set([
  'better-sqlite3', 'nodemailer', 'pino', 'pino-http', 'express', 'express-rate-limit', 'helmet',
  'compression', 'busboy', 'lru-cache', 'qs', 'file-type', 'sanitize-html', 'marked',
]);

/** The npm package a resolved file belongs to, or null for the project's own files. */
export function packageOf(resource) {
  const at = resource.lastIndexOf(`node_modules${path.sep}`);
  if (at === -1) return null;
  const parts = resource.slice(at + 'node_modules/'.length).split(path.sep);
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? null);
}

export class ServerOnlyPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ServerOnly', (compilation) => {
      compilation.hooks.finishModules.tap('ServerOnly', (modules) => {
        for (const module of modules) {
          const resource = module.resource;
          if (!resource) continue;
          const pkg = packageOf(resource);
          const relative = path.relative(compiler.context, resource).split(path.sep).join('/');
          if (pkg ? !SERVER_PACKAGES.has(pkg) : !isServerOnlyFile(relative)) continue;
          const chain = [];
          for (let m = module; m && chain.length < 8; m = compilation.moduleGraph.getIssuer(m)) {
            chain.push(m.resource ? path.relative(compiler.context, m.resource) : String(m.identifier()));
          }
          const error = new Error(`Server-only code in the browser bundle: ${pkg ?? relative}\n  imported by ${chain.slice(1).join('\n  imported by ')}`);
          error.name = 'ServerOnlyError';
          compilation.errors.push(error);
        }
      });
    });
  }
}
