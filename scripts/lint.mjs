// `npm run lint`: ESLint with the config in tools/lint (layers, hooks, typescript-eslint).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ensureLinter, lintTool, root } from './ensure-linter.mjs';

ensureLinter();
try {
  execFileSync(path.join(lintTool, 'node_modules/.bin/eslint'), ['-c', 'tools/lint/eslint.config.js', '--max-warnings=0', ...process.argv.slice(2), '.'], { cwd: root, stdio: 'inherit' });
} catch {
  process.exit(1);
}
