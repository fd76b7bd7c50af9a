// `npm run test:e2e`'s runner: Playwright, in a network namespace of its own when it can.
//
// Chromium abandons a request when the machine's network changes under it (net::ERR_NETWORK_CHANGED:
// it watches the interfaces and addresses). Beside the e2e run, CI starts and stops podman
// containers (npm run test:image), each adding or removing a virtual interface on the host: a
// navigation to 127.0.0.1 that happened to be under way failed with it. In a namespace of its own,
// Playwright, Chromium and the servers Playwright starts share a loopback of their own and see no
// other interface come or go. The e2e tests need nothing else from the network (every other host
// resolves to nothing: CHROMIUM_ARGS).
//
// As root with util-linux's `unshare` and iproute2's `ip` (CI installs both); anyone else runs
// Playwright as it is. Arguments go to `playwright test`.
import { spawn, spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const root = typeof process.getuid === 'function' && process.getuid() === 0;
const isolated = root && process.platform === 'linux' && has('unshare') && has('ip') && process.env.E2E_OWN_NETWORK !== '0';

const child = isolated
  ? spawn('unshare', ['--net', '--', 'sh', '-c', 'ip link set lo up && exec npx playwright test "$@"', 'e2e', ...args], { stdio: 'inherit' })
  : spawn('npx', ['playwright', 'test', ...args], { stdio: 'inherit' });
if (isolated) console.log('e2e: in a network namespace of its own (loopback only; E2E_OWN_NETWORK=0 to run without)');
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
