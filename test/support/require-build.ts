// Tests over the production build (dist/, from `npm run build`) stop at once with one clear
// message when it is missing, rather than with whichever file the first read did not find.
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The files every build-backed test reads first: the client's build info and the server bundle. */
const BUILD_FILES = ['dist/client/build.json', 'dist/server/index.cjs'];

export const MISSING_BUILD = 'the build is missing: run `npm run build` first';

/** Throws MISSING_BUILD unless `npm run build` has written dist/ under `root`. */
export function requireBuild(root: string = process.cwd()): void {
  if (!BUILD_FILES.every((file) => existsSync(path.join(root, file)))) throw new Error(MISSING_BUILD);
}
