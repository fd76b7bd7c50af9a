// Installs the content service's dependencies (`cms/`, its own package and lock) when they are
// missing or older than the lock. better-sqlite3 compiles from source here: a few minutes once.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cms = fileURLToPath(new URL('../cms/', import.meta.url));
const lock = `${cms}package-lock.json`;
const installed = `${cms}node_modules/.package-lock.json`;

if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
  console.log('Installing the content service (cms/) with npm ci...');
  const started = Date.now();
  execSync('npm ci --no-audit --no-fund', { cwd: cms, stdio: 'inherit' });
  console.log(`cms/ installed in ${Math.round((Date.now() - started) / 1000)} s`);
}
