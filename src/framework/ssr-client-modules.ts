// Loads a client component module for server rendering, by its project-relative path
// (src/....client.tsx). In the production server bundle webpack compiles every
// *.client.tsx module into the bundle through a context; under `tsx watch` in development
// the file is required directly and tsx compiles it.
import { createRequire } from 'node:module';
import path from 'node:path';

type ModuleLoader = (relativePath: string) => unknown;

function bundledLoader(): ModuleLoader {
  const ctx = import.meta.webpackContext('../', { recursive: true, regExp: /\.client\.tsx?$/ });
  return (relativePath) => ctx('./' + relativePath.replace(/^src\//, ''));
}

function sourceLoader(): ModuleLoader {
  const require = createRequire(path.join(process.cwd(), 'package.json'));
  return (relativePath) => require(path.join(process.cwd(), relativePath));
}

export const loadClientModule: ModuleLoader = process.env.SSR_BUNDLE === '1' ? bundledLoader() : sourceLoader();
