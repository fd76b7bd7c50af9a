// ESLint lives in tools/lint with its own install (typescript-eslint needs TypeScript 5, the
// site typechecks with TypeScript 7, and npm allows one top-level typescript). Installs it
// once, and again whenever its lock changes.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const lintTool = path.join(root, 'tools/lint');

export function ensureLinter() {
  const stamp = path.join(lintTool, 'node_modules/.installed-lock');
  const lockHash = createHash('sha256').update(readFileSync(path.join(lintTool, 'package-lock.json'))).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === lockHash) return;
  console.log('Installing the linter (tools/lint)...');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: lintTool, stdio: 'inherit' });
  writeFileSync(stamp, lockHash);
}
