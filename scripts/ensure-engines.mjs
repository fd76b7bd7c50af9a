// The tests that share state between replicas start Debian's Redis (and the proxy-cache tests
// Debian's Varnish) on a loopback port of their own; the monitoring test runs promtool (Debian's
// `prometheus` package, without its recommends: 12 packages, about 19 MB to download and 96 MB
// on disk, half a minute with apt-get update) on deploy/prometheus/. Install them with apt when
// missing and we are root; otherwise say what to do. Without promtool the tests still run, and
// test/deploy/monitoring.test.ts skips its promtool part, saying so.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const engines = [
  { pkg: 'redis-server', binary: '/usr/bin/redis-server' },
  { pkg: 'varnish', binary: '/usr/sbin/varnishd' },
  // Only its promtool is used (without systemd, as in a container, the server never starts).
  { pkg: 'prometheus', binary: '/usr/bin/promtool', noRecommends: true, optional: true },
];
const missing = engines.filter((e) => !existsSync(e.binary));
if (missing.length > 0) {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = (list, flags = '') => `apt-get install -y ${flags}${list.map((e) => e.pkg).join(' ')}`;
  const plain = missing.filter((e) => !e.noRecommends);
  const lean = missing.filter((e) => e.noRecommends);
  if (!root) {
    const advice = [plain.length && `sudo ${apt(plain)}`, lean.length && `sudo ${apt(lean, '--no-install-recommends ')}`].filter(Boolean).join(' and ');
    const required = missing.filter((e) => !e.optional);
    console.error(`Missing for the tests: ${missing.map((e) => e.pkg).join(', ')}. Install (Debian: ${advice}).`);
    if (required.length > 0) process.exit(1);
  } else {
    console.log(`Installing ${missing.map((e) => e.pkg).join(', ')} with apt-get (once)...`);
    const commands = [plain.length && `DEBIAN_FRONTEND=noninteractive ${apt(plain, '-qq ')}`, lean.length && `DEBIAN_FRONTEND=noninteractive ${apt(lean, '-qq --no-install-recommends ')}`].filter(Boolean);
    execSync(['apt-get update -qq', ...commands].join(' && '), { stdio: 'inherit' });
  }
}
