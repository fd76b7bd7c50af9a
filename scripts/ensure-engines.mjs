// The tests that share state between replicas start Debian's Redis (and the proxy-cache tests
// Debian's Varnish) on a loopback port of their own. Install both with apt when missing and we
// are root; otherwise say what to do.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const engines = [
  { pkg: 'redis-server', binary: '/usr/bin/redis-server' },
  { pkg: 'varnish', binary: '/usr/sbin/varnishd' },
];
const missing = engines.filter((e) => !existsSync(e.binary)).map((e) => e.pkg);
if (missing.length > 0) {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root) {
    console.error(`Missing for the tests: ${missing.join(', ')}. Install (Debian: sudo apt-get install -y ${missing.join(' ')}).`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} with apt-get (once)...`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit' });
}
