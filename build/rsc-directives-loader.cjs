'use strict';
// Webpack loader for the server-component (react-server) bundle. It runs after esbuild,
// so it sees plain ESM. A 'use client' module is replaced by client-reference stubs whose
// id is the module's file URL: exactly the key react-server-dom-webpack/plugin writes into
// the client manifest, so the RSC renderer can find the browser chunk for it.
//
// Client modules must be named *.client.ts(x): the SSR bundle finds them by that name
// (src/framework/ssr-client-modules.ts), so a 'use client' file with another name would
// render in the browser but crash server rendering. Fail the build instead.
//
// 'use server' is refused on purpose: forms post to Express endpoints so they work without
// JavaScript (docs/decisions/002-forms-post-to-express.md).
const { pathToFileURL } = require('node:url');
const acorn = require('acorn');

function leadingDirectives(body) {
  const out = [];
  for (const node of body) {
    if (node.type !== 'ExpressionStatement' || !node.directive) break;
    out.push(node.directive);
  }
  return out;
}

function exportNames(body, file) {
  const names = [];
  for (const node of body) {
    if (node.type === 'ExportAllDeclaration') throw new Error(`${file}: "export *" is not allowed in a 'use client' module`);
    if (node.type === 'ExportDefaultDeclaration') names.push('default');
    if (node.type !== 'ExportNamedDeclaration') continue;
    if (node.declaration?.type === 'VariableDeclaration') {
      for (const d of node.declaration.declarations) {
        if (d.id.type !== 'Identifier') throw new Error(`${file}: destructured exports are not allowed in a 'use client' module`);
        names.push(d.id.name);
      }
    } else if (node.declaration) {
      names.push(node.declaration.id.name);
    }
    for (const s of node.specifiers) names.push(s.exported.name ?? s.exported.value);
  }
  return names;
}

module.exports = function rscDirectivesLoader(source) {
  if (!source.includes('use client') && !source.includes('use server')) return source;
  const ast = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const directives = leadingDirectives(ast.body);
  if (directives.includes('use server')) {
    throw new Error(`${this.resourcePath}: 'use server' is not used in this project; post forms to an Express endpoint`);
  }
  if (!directives.includes('use client')) return source;
  if (!/\.client\.tsx?$/.test(this.resourcePath)) {
    throw new Error(`${this.resourcePath}: a 'use client' module must be named *.client.tsx or *.client.ts`);
  }
  const id = pathToFileURL(this.resourcePath).href;
  let out = `import { registerClientReference } from "react-server-dom-webpack/server";\n`;
  for (const name of exportNames(ast.body, this.resourcePath)) {
    const msg = `${name}() of ${this.resourcePath} is a client export: render it, do not call it on the server.`;
    const ref = `registerClientReference(function () { throw new Error(${JSON.stringify(msg)}); }, ${JSON.stringify(id)}, ${JSON.stringify(name)})`;
    out += name === 'default' ? `export default ${ref};\n` : `export const ${name} = ${ref};\n`;
  }
  return out;
};
