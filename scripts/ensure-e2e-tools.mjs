// The e2e tests use Debian's Chromium headless shell and, for the byte budgets, its full
// Chromium (Playwright's own browser download does not work on this network), and Debian's
// Java, which runs the W3C's HTML checker from the vnu-jar package (e2e/html-validity.spec.ts;
// without its recommends). Install them with apt when missing and we are root; otherwise say
// what to do.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const browsers = [
  ['chromium', process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', 'CHROMIUM_PATH'],
  ['chromium-headless-shell', process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell', 'HEADLESS_SHELL_PATH'],
].filter(([, path]) => !existsSync(path));
const hasJava = (() => {
  try {
    execSync('command -v java', { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch {
    return false;
  }
})();
const plain = browsers.map(([pkg]) => pkg);
const lean = hasJava ? [] : ['default-jre-headless'];
if (plain.length + lean.length > 0) {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const installs = [plain.length && `apt-get install -y -qq ${plain.join(' ')}`, lean.length && `apt-get install -y -qq --no-install-recommends ${lean.join(' ')}`].filter(Boolean);
  if (!root) {
    const where = browsers.map(([, path, variable]) => ` (${path}, or set ${variable})`).join('');
    console.error(`Missing for the e2e tests: ${[...plain, ...lean].join(', ')}${where}. Install (Debian: ${installs.map((c) => `sudo ${c}`).join(' and ')}).`);
    process.exit(1);
  }
  console.log(`Installing ${[...plain, ...lean].join(', ')} with apt-get (once)...`);
  execSync(['apt-get update -qq', ...installs.map((c) => `DEBIAN_FRONTEND=noninteractive ${c}`)].join(' && '), { stdio: 'inherit' });
}
