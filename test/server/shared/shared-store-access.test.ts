// Redis that will not have this replica: a wrong password, none where one is needed, a user whose
// ACL lacks a command, a key pattern or a channel the site uses. The startup check
// (server/shared/shared-store.ts, checkAccess) logs in and runs every command the site sends, so
// each of these is caught before the first visitor, in one line that names SHARED_STORE_URL;
// the built server then does not start. A store that does not answer at all is no refusal: the
// replica starts and serves without it, as when Redis goes away later.
import assert from 'node:assert/strict';
import { LOG_WRITTEN_WITHIN_MS } from '../../../server/http/log-destination';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import pino from 'pino';
import { parseEnv } from '../../../server/env';
import { CHECK_SCRIPT_COMMANDS, connectSharedStore, SCRIPT_COMMANDS, SITE_ACL_RULE, SITE_COMMANDS, startupCheck, type SharedStore } from '../../../server/shared/shared-store';
import { expectErrorLines } from '../../support/error-guard';
import { startRedis } from '../../support/redis';
import { requireBuild } from '../../support/require-build';
import { freePort, newDataDir } from '../../support/spawn-server';
import { memoryLog } from '../../support/test-app';

const PASSWORD = 'the-right-password-0123456789abcdef';
const ADMIN = 'admin-password-of-the-test-0123456789';
const silent = pino({ level: 'silent' });
/** The site's user as compose.yaml makes it, and an administrator the test changes it with. */
const ACL_ARGS = ['--user', 'default', 'off', 'resetpass', 'nocommands', '--user', 'joinus', 'on', `>${PASSWORD}`, ...SITE_ACL_RULE, '--user', 'admin', 'on', `>${ADMIN}`, '~*', '&*', '+@all'];
const ALL_COMMANDS = [...new Set([...SITE_COMMANDS, ...SCRIPT_COMMANDS])];

function store(url: string): SharedStore {
  return connectSharedStore(url, silent, { commandDeadlineMs: 10_000 });
}

async function check(url: string, waitMs = 10_000) {
  const shared = store(url);
  try {
    return await shared.checkAccess(waitMs);
  } finally {
    await shared.close();
  }
}

/** One line, naming the setting, never the password. */
function assertRefusal(answer: Awaited<ReturnType<typeof check>>, said: RegExp, what: string) {
  assert.equal(answer.outcome, 'refused', `${what}: ${JSON.stringify(answer)}`);
  const problem = 'problem' in answer ? answer.problem : '';
  assert.match(problem, /^SHARED_STORE_URL: Redis at 127\.0\.0\.1:\d+/, what);
  assert.match(problem, said, what);
  assert.doesNotMatch(problem, /\n/, `${what}: one line`);
  assert.ok(!problem.includes(PASSWORD) && !problem.includes('wrong-password'), `${what}: no password in the line`);
}

test("the class, a store that will not have this replica: a wrong password, none, a user Redis does not know, each refused at the check with Redis's own words and the fix, in one line naming SHARED_STORE_URL", async (t) => {
  const acl = await startRedis({ user: 'joinus', password: PASSWORD, args: ACL_ARGS });
  t.after(() => acl.stop());
  assert.deepEqual(await check(acl.url), { outcome: 'ok' }, 'the right user and password: every command the site needs runs');
  const base = `127.0.0.1:${acl.port}`;
  assertRefusal(await check(`redis://joinus:wrong-password@${base}`), /\(user joinus\) refused this replica \(WRONGPASS .*\): set the user and password/, 'a wrong password');
  assertRefusal(await check(`redis://stranger:${PASSWORD}@${base}`), /\(user stranger\) refused this replica \(WRONGPASS/, 'a user Redis does not know');
  assertRefusal(await check(`redis://${base}`), /refused this replica \(NOAUTH .*\): it needs a user and password, and SHARED_STORE_URL carries none/, 'no credentials');
  assertRefusal(await check(`redis://:${PASSWORD}@${base}`), /refused this replica \(WRONGPASS/, "the password alone (the default user's, which is off)");

  // Redis's one password (requirepass) for the default user: the URL's `:password@`.
  const plain = await startRedis({ password: PASSWORD });
  t.after(() => plain.stop());
  assert.deepEqual(await check(plain.url), { outcome: 'ok' });
  assertRefusal(await check(`redis://:wrong-password@127.0.0.1:${plain.port}`), /WRONGPASS/, 'requirepass, a wrong password');
  assertRefusal(await check(`redis://127.0.0.1:${plain.port}`), /NOAUTH/, 'requirepass, none given');
});

test('a user whose ACL lacks any one command the site needs, its keys or its channels, is refused at the check, which names what is missing', async (t) => {
  const redis = await startRedis({ user: 'joinus', password: PASSWORD, args: ACL_ARGS });
  t.after(() => redis.stop());
  const admin = store(`redis://admin:${ADMIN}@127.0.0.1:${redis.port}`);
  t.after(() => admin.close());
  const setUser = (...rule: string[]) => admin.command(['ACL', 'SETUSER', 'joinus', ...rule]);
  for (const command of ALL_COMMANDS) {
    await setUser(`-${command.toLowerCase()}`);
    const answer = await check(redis.url);
    await setUser(`+${command.toLowerCase()}`);
    assert.equal(answer.outcome, 'refused', `without ${command}: ${JSON.stringify(answer)}`);
    const problem = 'problem' in answer ? answer.problem : '';
    // One only the scripts call is named as such: Redis checks rights inside a script too.
    const named = (SITE_COMMANDS as readonly string[]).includes(command) ? command : `EVAL (${command} in a script)`;
    assert.ok(problem.includes(`refused ${named}, which the site needs (`), `without ${command}: ${problem}`);
    assert.ok(problem.includes(SITE_ACL_RULE.join(' ')), 'the line gives the rule to set');
  }
  assert.deepEqual(await check(redis.url), { outcome: 'ok' }, 'every right back: accepted again');

  await setUser('resetkeys', '~other:*');
  assert.match(JSON.stringify(await check(redis.url)), /refused SET, which the site needs \(NOPERM .*keys/, 'keys outside joinus:*');
  await setUser('resetkeys', '~joinus:*', 'resetchannels');
  assert.match(JSON.stringify(await check(redis.url)), /refused (SUBSCRIBE|PUBLISH), which the site needs \(NOPERM .*channels/, 'no channel of its own');
  await setUser('&joinus:*');
  assert.deepEqual(await check(redis.url), { outcome: 'ok' });
});

test('SHARED_STORE_URL naming a user without a password is refused by the settings check, naming the setting; user and password, or the password alone, pass', () => {
  const env = (url: string) => parseEnv({ SHARED_STORE_URL: url, FORM_SECRET: 'the-same-on-every-replica', HOST: '127.0.0.1' });
  const userOnly = env('redis://joinus@redis:6379');
  assert.ok(!userOnly.ok && userOnly.errors.includes('SHARED_STORE_URL: names the user joinus but no password; write redis://<user>:<password>@redis:6379 (the password percent-encoded)'), JSON.stringify(userOnly));
  assert.equal(env('redis://joinus:p%40ss%2Fword@redis:6379').ok, true);
  assert.equal(env('redis://:password@redis:6379').ok, true);
  assert.equal(env('rediss://joinus:password@redis.example.org:6380/2').ok, true);
});

test('the commands the check runs are the ones the site sends: its scripts, its own commands and rate-limit-redis', () => {
  const scriptCalls = (text: string) => [...text.matchAll(/redis\.call\(\s*['"]([A-Za-z]+)['"]/g)].map((m) => m[1]!.toUpperCase());
  const source = (file: string) => readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');
  const ratelimit = readFileSync(new URL(import.meta.resolve('rate-limit-redis')), 'utf8');
  const inScripts = new Set([...scriptCalls(source('server/shared/render-shares.ts')), ...scriptCalls(ratelimit)]);
  assert.ok(inScripts.has('HMGET') && inScripts.has('INCR'), 'both kinds of scripts were read');
  assert.deepEqual([...inScripts].sort(), [...SCRIPT_COMMANDS].sort(), 'SCRIPT_COMMANDS: exactly what the scripts call');
  assert.deepEqual([...CHECK_SCRIPT_COMMANDS].sort(), [...SCRIPT_COMMANDS].sort(), "the check's script runs each of them");
  // Sent directly: the arrays given to command(), and rate-limit-redis's (its SCRIPT LOAD is
  // answered here and its EVALSHA sent as EVAL, server/shared/limit-stores.ts).
  const sent = new Set<string>();
  for (const file of ['server/shared/shared-store.ts', 'server/shared/render-shares.ts', 'server/shared/limit-stores.ts']) for (const m of source(file).matchAll(/(?:command|run)\(\[\s*'([A-Z]+)'/g)) sent.add(m[1]!);
  for (const m of ratelimit.matchAll(/command: \[\s*"([A-Z]+)"/g)) sent.add(m[1] === 'EVALSHA' ? 'EVAL' : m[1]!);
  sent.delete('SCRIPT');
  assert.ok(sent.has('DECR') && sent.has('PUBLISH'), 'the direct commands were read');
  for (const command of sent) assert.ok((SITE_COMMANDS as readonly string[]).includes(command), `${command} is sent, and in SITE_COMMANDS`);
});

test('a store that does not answer at startup stops nothing: a warning, and its access is checked once it answers (a refusal then an error line)', async (t) => {
  expectErrorLines(/SHARED_STORE_URL: Redis at .* refused this replica \(WRONGPASS/);
  const port = await freePort();
  const { lines, logger } = memoryLog();
  const shared = connectSharedStore(`redis://joinus:wrong-password@127.0.0.1:${port}`, logger, { commandDeadlineMs: 10_000 });
  t.after(() => shared.close());
  assert.equal(await startupCheck(shared, logger, 300), null, 'nothing answers: the replica starts');
  assert.ok(lines.some((l) => l.msg === 'shared store: no answer at startup; serving without it, its access checked once it answers' && /did not answer within 0\.3 s/.test(String(l.problem))), JSON.stringify(lines));
  const redis = await startRedis({ port, user: 'joinus', password: PASSWORD, args: ACL_ARGS });
  t.after(() => redis.stop());
  const refused = () => lines.find((l) => l.level === 50 && typeof l.problem === 'string');
  for (let i = 0; i < 200 && !refused(); i++) await new Promise((r) => setTimeout(r, 50));
  assert.match(String(refused()?.msg), /^SHARED_STORE_URL: Redis at 127\.0\.0\.1:\d+ \(user joinus\) refused this replica \(WRONGPASS/);
});

/** The built server with this SHARED_STORE_URL: its exit code and what it wrote, or that it listens. */
async function startBuilt(url: string, t: { after(fn: () => unknown): void }) {
  requireBuild();
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/index.cjs'], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', RENDER_AHEAD: 'off', DATA_DIR: newDataDir(), FORM_SECRET: 'the-same-on-every-replica', SHARED_STORE_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.after(() => void child.kill('SIGKILL'));
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (c) => (stderr += c));
  child.stdout.on('data', (c) => (stdout += c));
  const exited = once(child, 'exit') as Promise<[number | null]>;
  let gone = false;
  void exited.then(() => (gone = true));
  // Asks until it listens, or it has exited (a refused start): no poll outlives the server.
  const listening = (async () => {
    for (let i = 0; i < 300 && !gone; i++) {
      if (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)) return true;
      await new Promise((r) => setTimeout(r, 100));
    }
    return false;
  })();
  const first = await Promise.race([exited.then(([code]) => ({ code })), listening.then((up) => ({ up }))]);
  return { ...first, port, stderr: () => stderr, stdout: () => stdout, child, exited };
}

test('the built server refuses to start against a store that refuses it (wrong password, none, a user without HSET), with one line naming SHARED_STORE_URL; with the right ones it starts and reports shared: ok', async (t) => {
  const redis = await startRedis({ user: 'joinus', password: PASSWORD, args: ACL_ARGS });
  t.after(() => redis.stop());
  const base = `127.0.0.1:${redis.port}`;
  const refusedStart = async (url: string, line: RegExp, what: string) => {
    const run = await startBuilt(url, t);
    assert.equal('code' in run ? run.code : 'listening', 1, `${what}: exits 1 before it listens (${run.stderr()})`);
    const lines = run.stderr().trimEnd().split('\n');
    assert.equal(lines[0], 'Join Us site cannot start:', what);
    assert.equal(lines.length, 2, `${what}: one line says why: ${run.stderr()}`);
    assert.match(lines[1]!, line, what);
  };
  await refusedStart(`redis://joinus:wrong-password@${base}`, /^ {2}SHARED_STORE_URL: Redis at 127\.0\.0\.1:\d+ \(user joinus\) refused this replica \(WRONGPASS/, 'a wrong password');
  await refusedStart(`redis://${base}`, /^ {2}SHARED_STORE_URL: .* \(NOAUTH .*\): it needs a user and password/, 'no password');
  const admin = store(`redis://admin:${ADMIN}@${base}`);
  t.after(() => admin.close());
  await admin.command(['ACL', 'SETUSER', 'joinus', '-hset']);
  await refusedStart(redis.url, /^ {2}SHARED_STORE_URL: .* refused EVAL \(HSET in a script\), which the site needs \(.*\): give the user the rule `resetkeys ~joinus:\* /, 'a user without HSET');
  await admin.command(['ACL', 'SETUSER', 'joinus', '+hset']);

  const run = await startBuilt(redis.url, t);
  assert.ok('up' in run && run.up, `the right user and password: it listens (${run.stderr()})`);
  let ready: { checks?: Record<string, string> } = {};
  for (let i = 0; i < 100 && ready.checks?.shared !== 'ok'; i++) {
    ready = await fetch(`http://127.0.0.1:${run.port}/readyz`).then((r) => r.json() as Promise<typeof ready>, () => ({}));
    if (ready.checks?.shared !== 'ok') await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(ready.checks?.shared, 'ok', JSON.stringify(ready));
  run.child.kill('SIGTERM');
  assert.deepEqual(await run.exited, [0, null]);
});

test('the built server against a store that does not answer: it starts after the wait, warns, and serves', async (t) => {
  const run = await startBuilt(`redis://joinus:${PASSWORD}@127.0.0.1:${await freePort()}`, t);
  assert.ok('up' in run && run.up, `it listens: ${run.stderr()}`);
  // The log is written in batches, within LOG_FLUSH_MS (server/http/log-destination.ts).
  const until = Date.now() + LOG_WRITTEN_WITHIN_MS;
  while (Date.now() < until && !/shared store: no answer at startup/.test(run.stdout())) await new Promise((r) => setTimeout(r, 20));
  assert.match(run.stdout(), /shared store: no answer at startup; serving without it/);
  const home = await fetch(`http://127.0.0.1:${run.port}/`);
  assert.equal(home.status, 200);
});
