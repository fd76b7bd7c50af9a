// What the podman tests share (scripts/test-image.mjs, scripts/test-deploy.mjs): a run of named
// steps with their times, podman (rootful, runc) from apt with a containers.conf of its own, the
// Debian base made with debootstrap and the stand-in for `node:20-bookworm-slim` made from this
// machine's node (neither needs a registry), and image builds with the host's CA bundle, an npmrc
// and the host's npm cache mounted for the build only (DEVELOPERS.md, "The image").
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CACHE = process.env.TEST_IMAGE_CACHE ?? '/var/cache/joinus-test-image';
export const BASE = 'localhost/debian:bookworm';
/** The base under the name the Containerfiles of deploy/debian/ start from. */
export const DEBIAN_SLIM = 'docker.io/library/debian:bookworm-slim';
export const NODE_BASE = 'docker.io/library/node:20-bookworm-slim';

export const timings = [];
export const cleanups = [];
let failed = false;
export const anyFailed = () => failed;

// ---------------------------------------------------------------- the run

export function log(line) {
  process.stdout.write(`${line}\n`);
}

/** A setup step: the run stops when it fails. */
export async function step(name, fn) {
  if (!(await attempt(name, fn))) throw new Error(`${name} failed`);
}

/** A check: its failure is reported, the other checks still run. */
export async function attempt(name, fn) {
  const started = performance.now();
  try {
    const note = await fn();
    const s = (performance.now() - started) / 1000;
    timings.push([name, s]);
    log(`ok   ${name} (${s.toFixed(1)} s)${note ? `: ${note}` : ''}`);
    return true;
  } catch (err) {
    failed = true;
    timings.push([name, (performance.now() - started) / 1000]);
    log(`FAIL ${name}: ${err.message}`);
    return false;
  }
}

export function check(condition, message) {
  if (!condition) throw new Error(message);
}

export function sh(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: podmanEnv(), ...opts });
  if (r.error) throw r.error;
  if (r.status !== 0 && !opts.allowFail) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}\n${(r.stderr || r.stdout || '').trim().split('\n').slice(-15).join('\n')}`);
  return r;
}

export const podman = (args, opts) => sh('podman', args, opts);
export const podmanOut = (args) => podman(args).stdout.trim();

export function podmanEnv() {
  return { ...process.env, CONTAINERS_CONF: path.join(CACHE, 'containers.conf') };
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `fn` until it returns something truthy; its last error or `what` when time runs out. */
export async function waitFor(what, fn, timeoutMs, everyMs = 250) {
  const until = Date.now() + timeoutMs;
  let last;
  while (Date.now() < until) {
    try {
      const value = await fn();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    await sleep(everyMs);
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s${last ? ` (${last.message})` : ''}`);
}

/** One request, no redirects followed. node:http rather than fetch: fetch drops a `Host` header,
 * and the checks behind nginx need one (the public hostname). */
export function http(url, { method = 'GET', headers = {}, body, timeoutMs = 15_000 } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : String(body);
    // A connection per request (agent: false): a kept-alive one that the proxy closes as idle just as
    // a request goes out reads as a "socket hang up", which a browser retries and a check must not count.
    const req = request(url, { method, agent: false, headers: payload === undefined ? headers : { ...headers, 'Content-Length': Buffer.byteLength(payload) }, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode, headers: { get: (name) => res.headers[name.toLowerCase()] ?? null }, text: async () => text });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer in ${timeoutMs / 1000} s`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** The hidden stamp of a page's form (`_ts`), as a visitor's browser sends it. */
export function formStamp(html) {
  const m = /name="_ts"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="_ts"/.exec(html);
  check(m, 'the page has no form stamp (_ts)');
  return (m[1] ?? m[2]).replace(/&amp;/g, '&');
}

/** Waits for the container's HEALTHCHECK to pass, run on request: without systemd podman has no
 * timer for it (containers start with --health-interval disable, which keeps the check). */
export async function healthy(name, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const state = podman(['inspect', '--format', '{{.State.Status}}', name], { allowFail: true }).stdout.trim();
    if (state && state !== 'running' && state !== 'created') throw new Error(`container ${name} is ${state}:\n${podman(['logs', '--tail', '20', name], { allowFail: true }).stderr}`);
    if (podman(['healthcheck', 'run', name], { allowFail: true }).status === 0) return;
    await sleep(250);
  }
  throw new Error(`${name} not healthy after ${timeoutMs / 1000} s`);
}

/** Runs every cleanup (newest first), prints the steps' times and sets the exit code. */
export function finish() {
  for (const fn of cleanups.reverse()) {
    try {
      fn();
    } catch {
      // best effort
    }
  }
  const total = timings.reduce((a, [, s]) => a + s, 0);
  log(`\ntimings: ${timings.map(([n, s]) => `${n.split(/[:(]/)[0].trim()} ${s.toFixed(1)} s`).join('; ')}; total ${total.toFixed(1)} s`);
  if (failed) process.exitCode = 1;
}

// ---------------------------------------------------------------- setup

/** Installs with apt what is missing of `wanted` (command -> Debian package); root only. */
export function aptInstall(wanted) {
  const missing = Object.entries(wanted).filter(([bin]) => spawnSync('sh', ['-c', `command -v ${bin} || test -x /usr/sbin/${bin} || test -e ${bin}`]).status !== 0).map(([, pkg]) => pkg);
  if (missing.length === 0) return { installed: [], note: `${Object.values(wanted).join(', ')} present` };
  check(process.getuid?.() === 0, `missing ${missing.join(', ')}: install them with apt (this script does so when run as root)`);
  sh('apt-get', ['update', '-qq']);
  // With their recommends (netavark, iptables, conmon, catatonit): podman as Debian ships it.
  sh('apt-get', ['install', '-y', '-qq', ...missing], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return { installed: missing, note: `installed ${missing.join(', ')}` };
}

export function containersConf() {
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(path.join(CACHE, 'containers.conf'), '[containers]\ndefault_ulimits = []\n[engine]\nruntime = "runc"\n');
}

/** apt's own Debian mirror (deb822 or one-line sources). */
function debianMirror() {
  const files = ['/etc/apt/sources.list.d/debian.sources', '/etc/apt/sources.list'].filter(existsSync);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const m = /^URIs:\s*(\S+\/debian)\/?\s*$/m.exec(text) ?? /^deb\s+(?:\[[^\]]*\]\s+)?(\S+\/debian)\/?\s+bookworm\b/m.exec(text);
    if (m) return m[1];
  }
  return 'http://deb.debian.org/debian';
}

export function baseImage() {
  const note = makeBase();
  // The name deploy/debian/'s Containerfiles start from (a registry's debian:bookworm-slim elsewhere).
  podman(['tag', BASE, DEBIAN_SLIM]);
  return note;
}

function makeBase() {
  if (podman(['image', 'exists', BASE], { allowFail: true }).status === 0) return 'cached';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'debootstrap-'));
  try {
    const mirror = debianMirror();
    sh('debootstrap', ['--variant=minbase', 'bookworm', dir, mirror]);
    // What a slim base leaves out: docs, manuals, locales, apt's downloaded lists.
    for (const sub of ['usr/share/doc', 'usr/share/man', 'usr/share/info', 'usr/share/locale', 'var/lib/apt/lists', 'var/cache/apt/archives']) {
      rmSync(path.join(dir, sub), { recursive: true, force: true });
      mkdirSync(path.join(dir, sub), { recursive: true });
    }
    const tar = spawnSync('sh', ['-c', `tar -C '${dir}' -c . | podman import --change 'CMD ["bash"]' - ${BASE}`], { encoding: 'utf8', env: podmanEnv() });
    check(tar.status === 0, `podman import failed: ${tar.stderr}`);
    return `debootstrap from ${mirror}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The machine's node, its npm and its headers on the Debian base, tagged as the official image. */
export function nodeBase() {
  const execPath = process.execPath;
  const prefix = path.dirname(path.dirname(execPath));
  const stamp = `${process.version} ${execPath}`;
  const existing = podman(['image', 'inspect', '--format', '{{index .Labels "joinus.node"}}', NODE_BASE], { allowFail: true });
  if (existing.status === 0 && existing.stdout.trim() === stamp) return `cached (${process.version})`;
  const ctx = mkdtempSync(path.join(os.tmpdir(), 'node-base-'));
  try {
    cpSync(execPath, path.join(ctx, 'node'));
    cpSync(path.join(prefix, 'lib/node_modules/npm'), path.join(ctx, 'npm'), { recursive: true });
    cpSync(path.join(prefix, 'include/node'), path.join(ctx, 'include'), { recursive: true });
    writeFileSync(
      path.join(ctx, 'Containerfile'),
      `FROM ${BASE}
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY include /usr/local/include/node
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
ENV NODE_VERSION=${process.version.slice(1)}
LABEL joinus.node="${stamp}"
CMD ["node"]
`,
    );
    podman(['build', '--format', 'docker', '-t', NODE_BASE, ctx]);
    return `built from ${execPath} (${process.version})`;
  } finally {
    rmSync(ctx, { recursive: true, force: true });
  }
}

/** npm settings for the build: the host's CA bundle and registry, the headers in the image. */
function buildNpmrc() {
  const registry = spawnSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).stdout.trim() || 'https://registry.npmjs.org/';
  const file = path.join(CACHE, 'build-npmrc');
  writeFileSync(file, `registry=${registry}\ncafile=/etc/ssl/certs/ca-certificates.crt\nnodedir=/usr/local\nupdate-notifier=false\nprefer-offline=true\n`);
  return file;
}

function hostCaBundle() {
  return [process.env.NODE_EXTRA_CA_CERTS, '/etc/ssl/certs/ca-certificates.crt'].find((f) => f && existsSync(f));
}

/** `podman build` arguments that give npm in the build the host's CA bundle, an npmrc of our own
 * and the host's npm cache (CI filled it with `npm ci` a moment ago), mounted for the build only;
 * and room for its open files: `npm ci` from a full cache opens more at once than the default
 * limit in a build container (EMFILE in Strapi's `npm ci` once CI's own had filled the cache). */
export function npmBuildArgs() {
  const args = ['--ulimit', 'nofile=16384:16384', '-v', `${buildNpmrc()}:/usr/local/etc/npmrc:ro`];
  const ca = hostCaBundle();
  if (ca) args.push('-v', `${ca}:/etc/ssl/certs/ca-certificates.crt:ro`);
  const npmCache = spawnSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).stdout.trim();
  if (npmCache && existsSync(npmCache)) args.push('-v', `${npmCache}:/root/.npm`);
  return args;
}
