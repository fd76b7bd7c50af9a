// ESLint lives in tools/lint with its own install (typescript-eslint needs TypeScript 5, the
// site typechecks with TypeScript 7, and npm allows one top-level typescript).
// `ensureLinter()` installs it once, and again whenever its lock changes: only `npm run lint`
// calls it (`npm test` runs the lint before the unit run). The unit run's lint tests only ask
// `linterMissing()` and fail with a message naming `npm run lint`; they never install.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const lintTool = path.join(root, 'tools/lint');
const stamp = path.join(lintTool, 'node_modules/.installed-lock');

const lockHash = () => createHash('sha256').update(readFileSync(path.join(lintTool, 'package-lock.json'))).digest('hex');

/** Why the installed linter cannot be used as it is (not installed, or installed from another
 * lock), with what to run; `undefined` when it can. */
export function linterMissing() {
  if (!existsSync(stamp)) return 'The linter (tools/lint) is not installed: run `npm run lint` first (it installs it; `npm test` does so before the unit run).';
  if (readFileSync(stamp, 'utf8') !== lockHash()) return 'The linter (tools/lint) was installed from an older tools/lint/package-lock.json: run `npm run lint` first (it installs it again).';
  return undefined;
}

export function ensureLinter() {
  if (linterMissing() === undefined) return;
  console.log('Installing the linter (tools/lint)...');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: lintTool, stdio: 'inherit' });
  writeFileSync(stamp, lockHash());
}

/** For the lint tests: throws, naming `npm run lint`, when the installed linter cannot be used. */
export function requireLinter() {
  const missing = linterMissing();
  if (missing !== undefined) throw new Error(missing);
}
