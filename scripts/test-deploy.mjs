#!/usr/bin/env node
// npm run test:deploy: compose.yaml started as an operator starts it, and its backups restored.
//
// podman and podman-compose from Debian, the images built here (no registry: the site's and
// Strapi's from their Dockerfiles, Redis, Varnish and PostgreSQL from Debian's packages through
// deploy/compose.debian.yaml), then the whole deployment up with random secrets, and through the
// proxy's published port: pages; a form post delivered into Strapi's PostgreSQL; an editor's
// publish through Strapi's admin API new at the proxy within a second; one replica stopped and
// started (`up -d --no-deps site-1`) under a small load without a failed request; every
// container healthy by its own healthcheck. Then submissions in flight (Strapi stopped), a backup
// (deploy/backup.sh), every volume destroyed, a restore into the empty deployment
// (deploy/restore.sh): every page, every delivered and every undelivered submission back, and
// the pending ones delivered exactly once.
//
// Runs as root (CI) and installs what is missing with apt; shares the base images and podman's
// storage with test:image (scripts/podman-kit.mjs). TEST_DEPLOY_KEEP=1 leaves the deployment up.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { aptInstall, attempt, baseImage, npmBuildArgs, CACHE, check, cleanups, containersConf, finish, formStamp, freePort, http, log, nodeBase, podman, podmanEnv, root, sh, sleep, step, waitFor } from './podman-kit.mjs';

const PROJECT = 'joinus-deploy-test';
const FILES = ['-f', 'compose.yaml', '-f', 'deploy/compose.debian.yaml'];
const REPLICAS = ['site-1', 'site-2'];
const SERVICES = ['db', 'redis', 'cms', ...REPLICAS, 'varnish'];
/** The site's fill time for a form (FORM_MIN_FILL_MS's default): a person's post waits that long. */
const FILL_MS = 3_000;

const secret = () => randomBytes(24).toString('hex');
const httpPort = await freePort();
const cmsPort = await freePort();
const origin = `http://127.0.0.1:${httpPort}`;
const cmsUrl = `http://127.0.0.1:${cmsPort}`;
const admin = { email: 'beheer@deploy-test.example', password: `Deploy-${secret()}` };
const env = {
  ...podmanEnv(),
  HTTP_PORT: String(httpPort),
  CMS_PORT: String(cmsPort),
  PUBLIC_ORIGIN: origin,
  CMS_PUBLIC_URL: cmsUrl,
  SITE_API_TOKEN: secret(),
  CONTENT_WEBHOOK_SECRET: secret(),
  PREVIEW_SECRET: secret(),
  FORM_SECRET: secret(),
  CACHE_PURGE_TOKEN: secret(),
  REDIS_PASSWORD: secret(),
  POSTGRES_PASSWORD: secret(),
  APP_KEYS: [secret(), secret(), secret(), secret()].join(','),
  API_TOKEN_SALT: secret(),
  ADMIN_JWT_SECRET: secret(),
  TRANSFER_TOKEN_SALT: secret(),
  JWT_SECRET: secret(),
  ENCRYPTION_KEY: secret(),
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
};
/** The compose command an operator types, as deploy/backup.sh and deploy/restore.sh take it. */
const COMPOSE = ['podman-compose', '-p', PROJECT, ...FILES];
const composeEnv = { ...env, COMPOSE: COMPOSE.join(' '), ENGINE: 'podman', PROJECT };

const compose = (args, opts = {}) => sh(COMPOSE[0], [...COMPOSE.slice(1), ...args], { cwd: root, env, ...opts });
const container = (service) => `${PROJECT}_${service}_1`;
const psql = (sql) => podman(['exec', container('db'), 'psql', '-U', 'strapi', '-d', 'strapi', '-tAc', sql]).stdout.trim();

/** Whether each container that has a healthcheck passes it now (podman has no timer without systemd: run on request). */
function unhealthy() {
  const bad = [];
  for (const service of SERVICES) {
    const name = container(service);
    const state = podman(['inspect', '--format', '{{.State.Status}} {{if .Config.Healthcheck}}check{{end}}', name], { allowFail: true }).stdout.trim();
    if (!state.startsWith('running')) bad.push(`${service} ${state || 'missing'}`);
    else if (state.endsWith('check') && podman(['healthcheck', 'run', name], { allowFail: true }).status !== 0) bad.push(`${service} unhealthy`);
  }
  return bad;
}

async function allHealthy(timeoutMs) {
  await waitFor('every container healthy', () => {
    const bad = unhealthy();
    if (bad.length > 0) throw new Error(bad.join(', '));
    return true;
  }, timeoutMs, 1_000);
}

/** The contact form, sent through the proxy without JavaScript after a person's fill time. */
async function postContact(message) {
  const page = await http(`${origin}/contact`);
  check(page.status === 200, `GET /contact: ${page.status}`);
  const stamp = formStamp(await page.text());
  await sleep(FILL_MS + 200);
  const body = new URLSearchParams({ name: 'Sam de Vries', email: 'sam@example.nl', message, privacy: 'on', _page: '/contact', _ts: stamp, website: '' });
  const res = await http(`${origin}/forms/contact`, { method: 'POST', body, headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' } });
  check(res.status === 303, `POST /forms/contact: ${res.status} ${(await res.text()).slice(0, 200)}`);
}

/** How many contact submissions with this message Strapi's database holds. */
const delivered = (message) => Number(psql(`select count(*) from contact_submissions where message = '${message.replace(/'/g, "''")}'`));

/** The sitemap's pages, through the proxy. */
async function sitemapPaths() {
  const res = await http(`${origin}/sitemap.xml`);
  check(res.status === 200, `GET /sitemap.xml: ${res.status}`);
  return [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

/** How many pages the crawl asks for at a time: the replicas' renders wait on Strapi (a cold page
 * reads its records through it), so one at a time left the machine mostly idle (119 pages in 137 s). */
const CRAWL_AT_ONCE = 4;

async function everyPage() {
  const paths = await sitemapPaths();
  const failed = [];
  let next = 0;
  const crawler = async () => {
    while (next < paths.length) {
      const p = paths[next++];
      // A page cold on both replicas (after a restore every one is) renders while the replicas
      // render ahead and deliver: on a loaded machine that took more than 15 s. Slow, not failed.
      const res = await http(`${origin}${p}`, { timeoutMs: 60_000 });
      await res.text();
      if (res.status !== 200) failed.push(`${res.status} ${p}`);
    }
  };
  await Promise.all(Array.from({ length: CRAWL_AT_ONCE }, crawler));
  check(failed.length === 0, `${failed.length} of ${paths.length} pages failed: ${failed.slice(0, 5).join(', ')}`);
  return paths.length;
}

/** The admin API as an editor's browser calls it. */
async function adminApi() {
  const login = await fetch(`${cmsUrl}/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(admin) });
  const session = await login.json();
  const jwt = session.data?.token ?? session.data?.accessToken;
  check(jwt, `admin login: ${login.status} ${JSON.stringify(session).slice(0, 200)}`);
  return async (p, method = 'GET', body) => {
    const res = await fetch(`${cmsUrl}${p}`, { method, headers: { Authorization: `Bearer ${jwt}`, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
}

/** A small load through the proxy until stopped: pages (cached and ever-new addresses that reach a replica) and form posts. */
function startLoad() {
  let running = true;
  let n = 0;
  const failures = [];
  const counts = { gets: 0, posts: 0 };
  const pages = ['/', '/over-ons', '/locaties', '/contact', '/blog'];
  const getter = async () => {
    while (running) {
      n += 1;
      const p = n % 3 === 0 ? `/over-ons?verzonden=${n}` : pages[n % pages.length];
      try {
        const res = await http(`${origin}${p}`);
        await res.text();
        counts.gets += 1;
        if (res.status !== 200) failures.push(`GET ${p}: ${res.status}`);
      } catch (err) {
        failures.push(`GET ${p}: ${err.message}`);
      }
      await sleep(50);
    }
  };
  const poster = async () => {
    while (running) {
      try {
        await postContact(`Belasting tijdens herstart ${randomBytes(3).toString('hex')}`);
        counts.posts += 1;
      } catch (err) {
        failures.push(err.message);
      }
    }
  };
  const loops = [getter(), getter(), poster(), poster()];
  return {
    counts,
    failures,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

// ---------------------------------------------------------------- images

function buildLogged(name, args) {
  const logFile = path.join(CACHE, `deploy-build-${name}.log`);
  const r = spawnSync('sh', ['-c', 'podman "$@" > "$LOG" 2>&1', 'podman', ...args], { cwd: root, env: { ...podmanEnv(), LOG: logFile }, stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`podman build of ${name} failed (${logFile}):\n${spawnSync('tail', ['-25', logFile], { encoding: 'utf8' }).stdout}`);
  return logFile;
}

// ---------------------------------------------------------------- the run

async function main() {
  log(`test:deploy: compose.yaml with deploy/compose.debian.yaml as project ${PROJECT}, proxy at ${origin}`);
  await step('tools (apt: podman, podman-compose, runc, debootstrap, CNI dnsname)', () =>
    aptInstall({ podman: 'podman', 'podman-compose': 'podman-compose', runc: 'runc', debootstrap: 'debootstrap', '/usr/lib/cni/dnsname': 'golang-github-containernetworking-plugin-dnsname' }).note,
  );
  containersConf();
  await step('base images (debootstrap, node stand-in)', () => `${baseImage()}; ${nodeBase()}`);
  // Anything a failed run left: containers, the network and volumes of this project only.
  compose(['down', '-v'], { allowFail: true });
  cleanups.push(() => {
    if (process.env.TEST_DEPLOY_KEEP === '1') return log(`left up (TEST_DEPLOY_KEEP=1): ${COMPOSE.join(' ')} down -v`);
    compose(['down', '-v'], { allowFail: true });
  });

  await step('build: the site (Dockerfile)', () => void buildLogged('site', ['build', '--format', 'docker', '-t', 'localhost/joinus-site:latest', ...npmBuildArgs(), '.']));
  await step('build: Strapi (cms/Dockerfile)', () => {
    const args = ['build', '--format', 'docker', '-f', 'cms/Dockerfile', ...npmBuildArgs(), '.'];
    buildLogged('cms', [...args.slice(0, 1), '-t', 'localhost/joinus-cms:latest', ...args.slice(1)]);
    // Its build stage tagged too (all from the layer cache): test:image prunes untagged images,
    // which would otherwise take Strapi's npm ci and build (minutes) with them.
    buildLogged('cms-build-stage', [...args.slice(0, 1), '-t', 'localhost/joinus-cms:build', '--target', 'build', ...args.slice(1)]);
  });
  await step('build: Redis, Varnish, PostgreSQL from Debian (podman-compose build)', () => void compose(['build', 'redis', 'varnish', 'db']));

  await step('first start with Strapi seeding its database: every container healthy, the proxy answers', async () => {
    compose(['up', '-d']);
    await allHealthy(600_000);
    await waitFor('the proxy answers / with 200', async () => (await http(`${origin}/`)).status === 200, 120_000);
    return SERVICES.map((s) => podman(['inspect', '--format', '{{.Config.Image}}', container(s)]).stdout.trim()).join(', ');
  });

  await attempt('pages through the proxy', async () => {
    const n = await everyPage();
    return `${n} sitemap pages, 200 each`;
  });

  const first = `Bezorgd bij Strapi ${randomBytes(4).toString('hex')}`;
  await attempt('a form post delivered into Strapi\'s database', async () => {
    await postContact(first);
    const started = Date.now();
    await waitFor('the contact submission in contact_submissions', () => delivered(first) === 1, 60_000);
    return `303, in PostgreSQL ${Date.now() - started} ms later`;
  });

  await attempt('an editor\'s publish through Strapi\'s API is new at the proxy within a second', async () => {
    const api = await adminApi();
    const list = await api('/content-manager/collection-types/api::blog-post.blog-post?locale=nl&page=1&pageSize=1&sort=publishedAt:desc');
    const post = list.body?.results?.[0];
    check(post, `no blog post: ${list.status}`);
    const page = `/blog/${post.slug}`;
    const before = await http(`${origin}${page}`);
    check(before.status === 200, `GET ${page}: ${before.status}`);
    // Asked twice: the proxy now keeps the page.
    await (await http(`${origin}${page}`)).text();
    const title = `Nieuw gepubliceerd ${randomBytes(3).toString('hex')}`;
    const saved = await api(`/content-manager/collection-types/api::blog-post.blog-post/${post.documentId}?locale=nl`, 'PUT', { title });
    check(saved.status === 200, `save: ${saved.status} ${JSON.stringify(saved.body).slice(0, 200)}`);
    const published = await api(`/content-manager/collection-types/api::blog-post.blog-post/${post.documentId}/actions/publish?locale=nl`, 'POST', {});
    check(published.status === 200, `publish: ${published.status} ${JSON.stringify(published.body).slice(0, 200)}`);
    const at = Date.now();
    await waitFor(`the new title at ${page}`, async () => (await (await http(`${origin}${page}`)).text()).includes(title), 10_000, 20);
    const ms = Date.now() - at;
    check(ms <= 1_000, `the proxy showed the published title ${ms} ms after the publish`);
    return `${page} new at the proxy ${ms} ms after the publish answered`;
  });

  await attempt('one replica stopped and started under a small load: no request failed', async () => {
    const load = startLoad();
    try {
      await sleep(3_000);
      const stopAt = Date.now();
      compose(['stop', 'site-1']);
      const stoppedMs = Date.now() - stopAt;
      await sleep(2_000);
      compose(['up', '-d', '--no-deps', 'site-1']);
      await allHealthy(180_000);
      // The proxy sends to it again: a cold page answered by site-1 after its start.
      const since = new Date().toISOString();
      await waitFor('site-1 answers through the proxy again', async () => {
        for (let i = 0; i < 6; i++) await (await http(`${origin}/over-ons?verzonden=back-${Date.now()}-${i}`)).text();
        return podman(['logs', '--since', since, container('site-1')]).stdout.includes('verzonden=back-');
      }, 60_000, 500);
      await sleep(3_000);
      await load.stop();
      check(load.failures.length === 0, `${load.failures.length} failed: ${load.failures.slice(0, 5).join('; ')}`);
      return `${load.counts.gets} pages and ${load.counts.posts} posts, none failed; site-1 stopped in ${(stoppedMs / 1000).toFixed(1)} s and took traffic again`;
    } finally {
      await load.stop();
    }
  });

  await attempt('every container healthy by its own healthcheck', () => {
    const bad = unhealthy();
    check(bad.length === 0, bad.join(', '));
    return `${SERVICES.length} containers running, those with a healthcheck passing it`;
  });

  // ------------------------------------------------------------ backup and restore
  const pending = [`In de wachtrij A ${randomBytes(3).toString('hex')}`, `In de wachtrij B ${randomBytes(3).toString('hex')}`];
  const backupDir = mkdtempSync(path.join(os.tmpdir(), 'joinus-backup-'));
  cleanups.push(() => rmSync(backupDir, { recursive: true, force: true }));
  const deliveredBefore = Number(psql('select count(*) from contact_submissions'));
  // One of Strapi's uploads (a photo the seeding put in the media library), to find again after the restore.
  const upload = psql("select url from files where url like '/uploads/%' order by id limit 1");
  const uploadBytes = async () => {
    const res = await fetch(`${cmsUrl}${upload}`);
    check(res.status === 200, `GET ${upload} at Strapi: ${res.status}`);
    return (await res.arrayBuffer()).byteLength;
  };
  const uploadSize = upload ? await uploadBytes() : 0;
  await step('submissions in flight: Strapi stopped, two posts kept by the replicas', async () => {
    compose(['stop', 'cms']);
    for (const message of pending) await postContact(message);
    const lists = REPLICAS.map((r) => podman(['exec', container(r), 'node', 'dist/scripts/submissions.cjs', 'list']).stdout).join('\n');
    const waiting = lists.split('\n').filter((l) => /\bcontact\b/.test(l) && !/delivered/.test(l));
    check(waiting.length >= 2, `the replicas do not list two waiting submissions:\n${lists}`);
    return `${waiting.length} waiting, ${deliveredBefore} delivered`;
  });

  await step('backup (deploy/backup.sh) of the running deployment', () => {
    const started = Date.now();
    sh('sh', ['deploy/backup.sh', backupDir], { cwd: root, env: composeEnv });
    const files = readdirSync(backupDir).map((f) => `${f} ${(statSync(path.join(backupDir, f)).size / 1e6).toFixed(1)} MB`);
    return `${((Date.now() - started) / 1000).toFixed(1)} s: ${files.join(', ')}`;
  });

  await step('every volume destroyed (down -v)', () => {
    compose(['down', '-v']);
    const left = podman(['volume', 'ls', '--format', '{{.Name}}']).stdout.split('\n').filter((v) => v.startsWith(`${PROJECT}_`));
    check(left.length === 0, `volumes left: ${left.join(', ')}`);
  });

  await step('restore (deploy/restore.sh) into the empty deployment, then every container healthy', async () => {
    const started = Date.now();
    sh('sh', ['deploy/restore.sh', backupDir], { cwd: root, env: composeEnv });
    const restoredMs = Date.now() - started;
    await allHealthy(600_000);
    return `restored in ${(restoredMs / 1000).toFixed(1)} s, healthy ${((Date.now() - started) / 1000).toFixed(1)} s after the start`;
  });

  await attempt('after the restore: every page, every delivered submission, the waiting ones delivered exactly once', async () => {
    // Healthy is alive, not ready: the replicas read their content from a Strapi that has just
    // started (the sitemap answered 500 in the first seconds). An operator waits for the proxy too.
    await waitFor('the proxy answers /sitemap.xml with 200', async () => (await http(`${origin}/sitemap.xml`)).status === 200, 180_000, 1_000);
    const pages = await everyPage();
    check(delivered(first) === 1, `the delivered submission: ${delivered(first)} in the database`);
    for (const message of pending) await waitFor(`"${message}" delivered from the restored outbox`, () => delivered(message) >= 1, 120_000, 1_000);
    // A second delivery would come within the outbox's next rounds.
    await sleep(10_000);
    const counts = pending.map(delivered);
    check(counts.every((c) => c === 1), `delivered ${counts.join(' and ')} times`);
    check(upload && (await uploadBytes()) === uploadSize, `Strapi's upload ${upload} is not back (${uploadSize} bytes before)`);
    const total = Number(psql('select count(*) from contact_submissions'));
    check(total === deliveredBefore + pending.length, `${total} submissions in the database, expected ${deliveredBefore} + ${pending.length}`);
    return `${pages} pages; ${deliveredBefore} delivered back, ${pending.length} waiting delivered once each; ${upload} back (${uploadSize} bytes)`;
  });
}

try {
  await main();
} catch {
  // reported by step()
} finally {
  finish();
}
