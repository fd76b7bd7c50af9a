#!/usr/bin/env node
// npm run test:image: builds the site's image (Dockerfile) and runs it as an operator would.
//
// No Docker engine and no container registry are assumed: podman (rootful, runc) from apt, a
// Debian base made with debootstrap from apt's own mirror, and a local stand-in for
// `node:20-bookworm-slim` made from this machine's node. Both are cached in podman's storage
// between runs (rebuilt when the machine's node changes). npm inside the build gets the host's
// CA bundle and an npmrc of our own (cafile, nodedir, registry), mounted for the build only.
//
// Checks: the image's contents; health; a page; a form post that survives a new container on
// the same named volume; --read-only with a tmpfs /tmp; --cap-drop=ALL; uid 1000; SIGTERM to
// exit 0 within 10 s; the operator command; the startup errors for a DATA_DIR it cannot write;
// and behind nginx on the host (X-Forwarded-For, X-Forwarded-Proto: https): two clients, two
// rate-limit buckets, the client address in the access lines, a post from the public hostname
// accepted, and no Location to http or an internal host. DEVELOPERS.md has the details.
//
// Runs as root (CI) and installs what is missing with apt. Exit 1 on the first failed check.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { aptInstall, attempt, BASE, baseImage, npmBuildArgs, CACHE, check, cleanups, containersConf, finish, formStamp, freePort, healthy, http, log, NODE_BASE, nodeBase, podman, podmanEnv, podmanOut, root, sleep, step, waitFor } from './podman-kit.mjs';

const IMAGE = 'localhost/joinus-site:test';
const BUILD_STAGE = 'localhost/joinus-site:test-build';
const RUN_ID = `${process.pid}`;
const VOLUME = `joinus-test-image-data-${RUN_ID}`;
const FORM_SECRET = randomBytes(24).toString('hex');
const MIN_FILL_MS = 400;

/** Runs the image detached with the hardening every production run should have. */
function runSite(name, { port, env = {}, volume = `${VOLUME}:/data`, extra = [] } = {}) {
  const envArgs = Object.entries({ FORM_SECRET, FORM_MIN_FILL_MS: String(MIN_FILL_MS), ...env }).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
  podman(['run', '-d', '--name', name, '--health-interval', 'disable', '--read-only', '--tmpfs', '/tmp', '--cap-drop=ALL', '--security-opt', 'no-new-privileges', '-v', volume, ...(port ? ['-p', `127.0.0.1:${port}:3000`] : []), ...envArgs, ...extra, IMAGE]);
  cleanups.push(() => podman(['rm', '-f', '-t', '0', name], { allowFail: true }));
}

/** Fetches /contact as a visitor, waits as a person would, posts the contact form without JavaScript. */
async function postContact(base, { headers = {}, origin, message }) {
  const page = await http(`${base}/contact`, { headers });
  check(page.status === 200, `GET /contact: ${page.status}`);
  const stamp = formStamp(await page.text());
  await sleep(MIN_FILL_MS + 150);
  const body = new URLSearchParams({ name: 'Sam de Vries', email: 'sam@example.nl', message, privacy: 'on', _page: '/contact', _ts: stamp, website: '' });
  return http(`${base}/forms/contact`, { method: 'POST', body, headers: { ...headers, Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' } });
}

function operatorList(name) {
  return podman(['exec', name, 'node', 'dist/scripts/submissions.cjs', 'list']).stdout;
}

// ---------------------------------------------------------------- setup

function tools() {
  const { installed, note } = aptInstall({ podman: 'podman', runc: 'runc', debootstrap: 'debootstrap', nginx: 'nginx' });
  // Debian starts the nginx service on install; this test runs its own.
  if (installed.includes('nginx')) spawnSync('sh', ['-c', 'service nginx stop || nginx -s stop'], { stdio: 'ignore' });
  return note;
}

function buildImage() {
  // TEST_IMAGE_REUSE=1: check the image built last (while working on this script).
  if (process.env.TEST_IMAGE_REUSE === '1' && podman(['image', 'exists', IMAGE], { allowFail: true }).status === 0) return `${IMAGE} reused (TEST_IMAGE_REUSE=1)`;
  const args = ['build', '--format', 'docker', '-t', IMAGE, ...npmBuildArgs()];
  // TEST_IMAGE_NO_CACHE=1: a cold build, as on a fresh CI machine.
  if (process.env.TEST_IMAGE_NO_CACHE === '1') args.push('--no-cache');
  const logFile = path.join(CACHE, 'build.log');
  const r = spawnSync('sh', ['-c', 'podman "$@" > "$LOG" 2>&1', 'podman', ...args, root], { env: { ...podmanEnv(), LOG: logFile }, stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`podman build failed (${logFile}):\n${readFileSync(logFile, 'utf8').trim().split('\n').slice(-25).join('\n')}`);
  const cached = (readFileSync(logFile, 'utf8').match(/--> Using cache/g) ?? []).length;
  // Each build leaves the previous image and its build stage (about 1 GB) untagged. Tag this
  // build stage (all from the cache: its layers are the next build's cache), then drop the rest.
  podman([...args.filter((a) => a !== '--no-cache').map((a) => (a === IMAGE ? BUILD_STAGE : a)), '--target', 'build', root]);
  podman(['image', 'prune', '-f']);
  return `${IMAGE}, ${cached} steps from the layer cache (log: ${logFile})`;
}

/** The layers the site's Dockerfile adds on top of the node base (history is newest first). */
function appLayers() {
  const history = (image) => JSON.parse(podmanOut(['history', '--format', 'json', image]));
  const own = history(IMAGE).slice(0, -history(NODE_BASE).length);
  const sized = own.filter((h) => (h.size ?? 0) > 0);
  return { mb: sized.reduce((a, h) => a + h.size, 0) / 1e6, layers: sized.length };
}

// ---------------------------------------------------------------- nginx

async function startNginx(upstreamPort) {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nginx-'));
  mkdirSync(path.join(dir, 'logs'));
  // TLS would end here in production; this proxy says so with X-Forwarded-Proto, as one in front
  // of it would. $proxy_add_x_forwarded_for appends the address nginx saw to what the client sent.
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
error_log ${dir}/logs/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 64; }
http {
  access_log ${dir}/logs/access.log;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://127.0.0.1:${upstreamPort};
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto https;
      proxy_set_header X-Forwarded-Host $host;
    }
  }
}
`,
  );
  const nginxBin = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  const child = spawn(nginxBin, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  cleanups.push(() => {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    try {
      await http(`http://127.0.0.1:${port}/healthz`);
      return port;
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`nginx did not answer: ${stderr}`);
}

// ---------------------------------------------------------------- the run

async function main() {
  log(`test:image: ${IMAGE} from ${root}`);
  await step('tools (apt: podman, runc, debootstrap, nginx)', tools);
  containersConf();
  await step(`base image ${BASE}`, baseImage);
  await step(`node stand-in ${NODE_BASE}`, nodeBase);
  await step('podman build --format docker', buildImage);

  await attempt('image contents', () => {
    const { mb, layers } = appLayers();
    const health = podmanOut(['image', 'inspect', '--format', '{{json .Config.Healthcheck}}', IMAGE]);
    check(health.includes('healthz'), `the image has no HEALTHCHECK (${health})`);
    const listing = podman(['run', '--rm', '--no-healthcheck', IMAGE, 'sh', '-c', 'ls -A /app; echo ---; ls -A /app/node_modules; echo ---; find /app/node_modules/better-sqlite3 -maxdepth 3']).stdout;
    const [appDir, modules, sqlite] = listing.split('---\n').map((part) => part.trim().split('\n'));
    const top = appDir.sort();
    check(JSON.stringify(top) === JSON.stringify(['content', 'dist', 'node_modules', 'package.json', 'public']), `unexpected files in /app: ${top.join(' ')}`);
    // Bundled into dist, build tools, types, install-time helpers: none of them run.
    for (const unwanted of ['webpack', 'webpack-cli', 'tsx', 'typescript', 'esbuild', 'altcha', 'simple-icons', 'sanitize-html', 'prebuild-install', '@types', '.bin']) check(!modules.includes(unwanted), `node_modules holds ${unwanted}`);
    const leftovers = sqlite.filter((f) => /\/(deps|src|build\/Release\/obj(\.target)?)$|\.(c|cc|h|o|gyp)$/.test(f));
    check(leftovers.length === 0, `better-sqlite3 keeps its build leftovers: ${leftovers.join(' ')}`);
    check(sqlite.some((f) => f.endsWith('build/Release/better_sqlite3.node')), 'better-sqlite3 lost its compiled module');
    return `app layers ${mb.toFixed(1)} MB in ${layers} layers; HEALTHCHECK kept; /app: ${top.join(', ')}`;
  });

  const portA = await freePort();
  const origin = `http://127.0.0.1:${portA}`;
  let submissionId = '';
  await step('container A: read-only, cap-drop=ALL, named volume; healthy', async () => {
    podman(['volume', 'create', VOLUME]);
    cleanups.push(() => podman(['volume', 'rm', '-f', VOLUME], { allowFail: true }));
    runSite('joinus-test-image-a', { port: portA, env: { PUBLIC_ORIGIN: origin } });
    await healthy('joinus-test-image-a');
  });

  await attempt('non-root, no capabilities, read-only root', () => {
    const status = podmanOut(['exec', 'joinus-test-image-a', 'sh', '-c', 'id -u; grep -E "^(Uid|CapEff)" /proc/1/status; touch /app/x 2>&1 || echo read-only; touch /tmp/x && echo tmp-writable']);
    check(/^1000$/m.test(status), `not uid 1000: ${status}`);
    check(/^Uid:\s+1000\s+1000/m.test(status), `the server does not run as uid 1000: ${status}`);
    check(/^CapEff:\s+0+$/m.test(status), `the server has capabilities: ${status}`);
    check(/read-only/.test(status) && /tmp-writable/.test(status), `root not read-only or /tmp not writable: ${status}`);
    return 'uid 1000, CapEff 0, /app read-only, /tmp writable';
  });

  await attempt('a page', async () => {
    const res = await http(`${origin}/`);
    const html = await res.text();
    check(res.status === 200 && html.includes('<html'), `GET /: ${res.status}`);
    const contact = await http(`${origin}/contact`);
    check(contact.status === 200, `GET /contact: ${contact.status}`);
    return `GET / ${res.status}, ${html.length} bytes`;
  });

  await attempt('a form submission, listed by the operator command', async () => {
    const res = await postContact(origin, { origin, message: 'Gestuurd door test:image.' });
    check(res.status === 303, `POST /forms/contact: ${res.status} ${await res.text()}`);
    const list = operatorList('joinus-test-image-a');
    const row = /^(\S+)\s+contact\s+\w+/m.exec(list);
    check(row, `the operator command does not list the submission:\n${list}`);
    submissionId = row[1];
    const npmList = podman(['exec', 'joinus-test-image-a', 'npm', 'run', '--silent', 'submissions', '--', 'list'], { allowFail: true });
    check(npmList.status === 0 && npmList.stdout.includes(submissionId), `npm run submissions -- list in the image: exit ${npmList.status}\n${npmList.stderr}`);
    return `303; submission ${submissionId} listed by node dist/scripts/submissions.cjs and npm run submissions`;
  });

  await attempt('SIGTERM: exit 0 within 10 s', async () => {
    const started = performance.now();
    podman(['kill', '--signal', 'TERM', 'joinus-test-image-a']);
    const code = podmanOut(['wait', 'joinus-test-image-a']);
    const s = (performance.now() - started) / 1000;
    check(code === '0', `exit code ${code}`);
    check(s < 10, `took ${s.toFixed(1)} s`);
    return `exit 0 in ${s.toFixed(2)} s`;
  });

  await attempt('the submission survives a new container on the same volume', async () => {
    runSite('joinus-test-image-b', { env: { PUBLIC_ORIGIN: origin } });
    await healthy('joinus-test-image-b');
    const list = operatorList('joinus-test-image-b');
    check(list.includes(submissionId), `container B does not list ${submissionId}:\n${list}`);
    podman(['rm', '-f', '-t', '10', 'joinus-test-image-b']);
  });

  await attempt('DATA_DIR it cannot write: the error names the fix', () => {
    const owned = mkdtempSync(path.join(os.tmpdir(), 'root-owned-'));
    chmodSync(owned, 0o755);
    cleanups.push(() => rmSync(owned, { recursive: true, force: true }));
    const bind = podman(['run', '--rm', '--no-healthcheck', '--read-only', '--tmpfs', '/tmp', '--cap-drop=ALL', '-v', `${owned}:/data`, IMAGE], { allowFail: true });
    check(bind.status !== 0, 'started with a root-owned /data');
    check(/uid 1000/.test(bind.stderr) && /volume/.test(bind.stderr), `the error does not name the fix:\n${bind.stderr}`);
    const relative = podman(['run', '--rm', '--no-healthcheck', '--read-only', '--tmpfs', '/tmp', '--cap-drop=ALL', '-e', 'DATA_DIR=.data', IMAGE], { allowFail: true });
    check(relative.status !== 0 && /DATA_DIR/.test(relative.stderr) && /\/data/.test(relative.stderr), `DATA_DIR=.data: the error does not name the fix:\n${relative.stderr}`);
    return bind.stderr.trim().split('\n').filter((l) => !l.startsWith('time=')).slice(0, 3).join(' | ');
  });

  const portC = await freePort();
  await attempt('behind nginx: two clients, two buckets; https seen; no Location to http or an internal host', async () => {
    const publicOrigin = 'https://www.joinus.example';
    // One post per client and form: the budget checked before the body is read (429), counted per client.
    runSite('joinus-test-image-c', { port: portC, env: { PUBLIC_ORIGIN: publicOrigin, FORM_RATE_LIMIT: '1' } });
    await healthy('joinus-test-image-c');
    const ngPort = await startNginx(portC);
    const proxy = `http://127.0.0.1:${ngPort}`;
    // The public hostname as the proxy forwards it: accepted only when the site believes the proxy's https.
    const host = 'www.joinus.example';
    const client = (ip) => ({ Host: host, 'X-Forwarded-For': ip });
    // Another hostname (without www.): a post goes on to the public origin with its body (308), a page with a 301.
    const other = { Host: 'joinus.example', 'X-Forwarded-For': '192.0.2.4' };
    // Its page is never shown there (301 below), so the post is sent as a form left open would send it.
    const moved = await http(`${proxy}/forms/contact`, {
      method: 'POST',
      body: new URLSearchParams({ name: 'Sam de Vries', email: 'sam@example.nl', message: 'Zonder www.', privacy: 'on', _page: '/contact', website: '' }),
      headers: { ...other, Origin: 'https://joinus.example', 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    check(moved.status === 308 && moved.headers.get('location') === `${publicOrigin}/forms/contact`, `a post at joinus.example: ${moved.status} ${moved.headers.get('location')}`);
    const page = await http(`${proxy}/doneren`, { headers: other });
    check(page.status === 301 && page.headers.get('location') === `${publicOrigin}/doneren`, `a page at joinus.example: ${page.status} ${page.headers.get('location')}`);
    const first = await postContact(proxy, { headers: client('203.0.113.7'), origin: `https://${host}`, message: 'Eerste bezoeker.' });
    check(first.status === 303, `client 1, first post: ${first.status} ${await first.text()}`);
    const again = await postContact(proxy, { headers: client('203.0.113.7'), origin: `https://${host}`, message: 'Nog een keer.' });
    check(again.status === 429, `client 1, second post: ${again.status} (the limit is 1)`);
    const second = await postContact(proxy, { headers: client('198.51.100.9'), origin: `https://${host}`, message: 'Tweede bezoeker.' });
    check(second.status === 303, `client 2, first post: ${second.status}: the clients share one bucket`);

    const locations = [first.headers.get('location')];
    for (const p of ['/contact/', '/nl/contact', '/en/', '/doneren/', '/locaties/?age=20']) {
      const res = await http(`${proxy}${p}`, { headers: client('203.0.113.7') });
      if (res.headers.get('location')) locations.push(res.headers.get('location'));
    }
    for (const l of locations) {
      check(l && !/^http:/i.test(l) && !/127\.0\.0\.1|localhost|10\.88\.|:3000/.test(l), `Location ${l} points to http or an internal host`);
    }
    // The log is written in batches (server/http/log-destination.ts): the last lines come a flush later.
    let lines = [];
    const seen = (ip, url) => lines.some((l) => l.includes(`"client":"${ip}"`) && (!url || l.includes(`"url":"${url}`)));
    await waitFor('the access lines of both clients', () => {
      lines = podman(['logs', 'joinus-test-image-c']).stdout.split('\n').filter((l) => l.includes('request completed'));
      return seen('203.0.113.7', '/forms/contact') && seen('198.51.100.9', '/forms/contact') && seen('203.0.113.7', '/contact');
    }, 5_000).catch(() => {
      check(seen('203.0.113.7', '/forms/contact') && seen('198.51.100.9', '/forms/contact'), `access lines do not carry the client address:\n${lines.slice(-4).join('\n')}`);
      check(seen('203.0.113.7', '/contact'), 'the render-cache hit\'s access line does not carry the client address');
    });
    return `303, 429, 303; other host 308, 301; Locations: ${locations.join(' ')}`;
  });
}

try {
  await main();
} catch {
  // reported by step()
} finally {
  finish();
}
