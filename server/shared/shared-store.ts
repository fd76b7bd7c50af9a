// The store replicas share (SHARED_STORE_URL: Redis, or Valkey, which speaks the same protocol):
// one connection for commands and one for the published content events. Nothing on a page's
// path waits on it: a command that cannot be answered within its deadline fails, and whoever
// sent it falls back to this process's own state (the callers say how).
//
// Redis may sit behind a user and password (an ACL user, or `requirepass` for the default user):
// both come in the URL. At startup `checkAccess` runs every command the site sends (and every
// command its scripts call) on keys and channels under KEY_PREFIX, so a replica that cannot log
// in, or whose user lacks a right, refuses to start with one line naming SHARED_STORE_URL,
// instead of failing quietly at its first visitor (startupCheck, server/index.ts).
import { randomUUID } from 'node:crypto';
import { createClient, ErrorReply } from 'redis';
import type { Logger } from 'pino';
import { limitedLog } from '../http/warn-limit';
import { memoryRecords, type SharedRecords } from './records';

/** How long one command may take before its caller falls back. */
export const COMMAND_DEADLINE_MS = 250;
/** Every key and channel of the site starts with this, so a Redis can be shared with others. */
export const KEY_PREFIX = 'joinus:';

/** The commands the site sends itself (records, rate limits through EVAL, render shares,
 * publishes, the startup check's PING and DEL) and on its events connection; UNSUBSCRIBE is the
 * startup check's own. */
export const SITE_COMMANDS = ['PING', 'GET', 'SET', 'DEL', 'DECR', 'EVAL', 'PUBLISH', 'SUBSCRIBE', 'UNSUBSCRIBE'] as const;
/** The commands the site's Lua scripts call (render-shares.ts, rate-limit-redis's two scripts):
 * Redis checks a user's rights inside a script too. */
export const SCRIPT_COMMANDS = ['GET', 'SET', 'INCR', 'PTTL', 'PEXPIRE', 'HMGET', 'HSET', 'HEXISTS', 'HDEL', 'TIME'] as const;

/** The ACL rule of a user that may do what the site does and nothing else: its keys and channels
 * only, these commands only (compose.yaml gives its user this rule). */
export const SITE_ACL_RULE = ['resetkeys', `~${KEY_PREFIX}*`, 'resetchannels', `&${KEY_PREFIX}*`, 'nocommands', ...[...new Set([...SITE_COMMANDS, ...SCRIPT_COMMANDS])].map((c) => `+${c.toLowerCase()}`)];

/** How long the startup check waits for Redis's first answer before the replica starts without it. */
export const STARTUP_WAIT_MS = 5_000;

/** The startup check's answer: `refused` (Redis answered, and said no: wrong or missing
 * credentials, a right the user lacks), or `unanswered` (nothing within the wait). `problem`:
 * one line naming the setting, with Redis's own words. */
export type AccessCheck = { outcome: 'ok' } | { outcome: 'refused' | 'unanswered'; problem: string };

/** `records.get` and `set` fail when Redis does not answer in time; `claim` falls back to this process. */
export type SharedStore = {
  /** One command, as Redis takes it (`['INCR', 'key']`); fails when not answered within `deadlineMs`. */
  command(args: string[], deadlineMs?: number): Promise<unknown>;
  records: SharedRecords;
  publish(channel: string, message: string): Promise<void>;
  /** Every message published on `channel` from now on, also after a reconnect. */
  subscribe(channel: string, listener: (message: string) => void): Promise<void>;
  /** True when Redis answers PING within the deadline (/readyz's `shared`). */
  ping(): Promise<boolean>;
  /** Logs in and runs every command the site needs, on keys and channels of its own, waiting at
   * most `waitMs` for Redis's first answer (STARTUP_WAIT_MS unless set). */
  checkAccess(waitMs?: number): Promise<AccessCheck>;
  close(): Promise<void>;
};

/** A delay that grows to two seconds, for ever: Redis may come back at any time. */
const reconnectStrategy = (retries: number) => Math.min(100 * 2 ** retries, 2_000);

/** `commandDeadlineMs`: how long a command waits for Redis (COMMAND_DEADLINE_MS unless set: a
 * test whose Redis is up but whose machine is busy gives it longer). */
export function connectSharedStore(url: string, logger: Logger, options: { commandDeadlineMs?: number } = {}): SharedStore {
  const socket = { connectTimeout: 2_000, reconnectStrategy };
  // Without the offline queue a command sent while Redis is away fails at once instead of
  // piling up and running late (a counter incremented after its window is a wrong count).
  const client = createClient({ url, socket, disableOfflineQueue: true });
  // The subscriber keeps its queue: its SUBSCRIBE waits for the connection, and node-redis
  // subscribes again after each reconnect.
  const subscriber = client.duplicate({ disableOfflineQueue: false });
  const warn = limitedLog(logger);
  const where = storeName(url);
  /** Redis's last refusal of a connection's setup (AUTH, HELLO, SELECT), and the last failure of any kind. */
  let refusal: ErrorReply | null = null;
  let lastFailure: Error | null = null;
  const refusalHeard = new Set<(err: ErrorReply) => void>();
  for (const [name, c] of [['commands', client], ['events', subscriber]] as const) {
    c.on('error', (err: Error) => {
      lastFailure = err;
      if (err instanceof ErrorReply) {
        // Redis answered and said no: trying again will not help until someone changes a setting.
        refusal = err;
        for (const heard of refusalHeard) heard(err);
        warn.error({ err: { message: err.message }, connection: name }, refusedLine(where, err.message), 'shared store: refused');
      } else warn.warn({ err: { message: err.message }, connection: name }, 'shared store: connection failed; trying again');
    });
    c.on('ready', () => {
      refusal = null;
      logger.info({ connection: name }, 'shared store connected');
    });
  }
  let closed = false;
  const connecting = Promise.all([client.connect(), subscriber.connect()]).catch((err: unknown) => {
    if (!closed) logger.error({ err }, 'shared store: cannot connect');
  });

  // One wait for the command connection (startup, a reconnect), shared by every command sent meanwhile.
  let nextReady: Promise<void> | null = null;
  const ready = () =>
    (nextReady ??= new Promise<void>((resolve) =>
      client.once('ready', () => {
        nextReady = null;
        resolve();
      }),
    ));

  async function command(args: string[], deadlineMs = options.commandDeadlineMs ?? COMMAND_DEADLINE_MS): Promise<unknown> {
    if (closed) throw new Error('shared store closed');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`shared store: no answer within ${deadlineMs} ms`)), deadlineMs)));
    try {
      if (!client.isReady) await Promise.race([ready(), late]);
      return await Promise.race([client.sendCommand(args), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  const key = (name: string) => `${KEY_PREFIX}record:${name}`;
  const local = memoryRecords(50_000);
  const records: SharedRecords = {
    get: async (name) => ((await command(['GET', key(name)])) as string | null) ?? null,
    async set(name, value, ttlMs) {
      await command(['SET', key(name), value, 'PX', String(Math.max(1, Math.round(ttlMs)))]);
    },
    // A one-use check (a captcha solution, a login state) that Redis cannot answer is decided by
    // this process, as with one process: once per replica while Redis is away, never refused.
    claim: (name, value, ttlMs) =>
      command(['SET', key(name), value, 'PX', String(Math.max(1, Math.round(ttlMs))), 'NX']).then(
        (answer) => answer === 'OK',
        () => local.claim(name, value, ttlMs),
      ),
  };

  /** Ready, or refused while setting a connection up, on both connections; null: neither within `ms`. */
  async function firstAnswer(ms: number): Promise<ErrorReply | 'ready' | null> {
    const cleanups: Array<() => void> = [];
    const readyOf = (c: typeof client) =>
      c.isReady
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const onReady = () => resolve();
            c.once('ready', onReady);
            cleanups.push(() => c.off('ready', onReady));
          });
    try {
      return await Promise.race([
        Promise.all([readyOf(client), readyOf(subscriber)]).then(() => 'ready' as const),
        new Promise<ErrorReply>((resolve) => {
          if (refusal) return resolve(refusal);
          refusalHeard.add(resolve);
          cleanups.push(() => refusalHeard.delete(resolve));
        }),
        new Promise<null>((resolve) => {
          const timer = setTimeout(() => resolve(null), ms).unref();
          cleanups.push(() => clearTimeout(timer));
        }),
      ]);
    } finally {
      for (const cleanup of cleanups) cleanup();
    }
  }

  async function checkAccess(waitMs = STARTUP_WAIT_MS): Promise<AccessCheck> {
    if (closed) throw new Error('shared store closed');
    const unanswered = (what: string): AccessCheck => ({ outcome: 'unanswered', problem: `SHARED_STORE_URL: ${where} ${what}` });
    const answer = await firstAnswer(waitMs);
    if (answer === null) return unanswered(`did not answer within ${waitMs / 1000} s${lastFailure ? ` (${lastFailure.message})` : ''}`);
    if (answer instanceof ErrorReply) return { outcome: 'refused', problem: refusedLine(where, answer.message) };
    // In: now every command the site sends, on keys and a channel of its own (removed after).
    const id = `${KEY_PREFIX}startup-check:${randomUUID()}`;
    const hash = `${id}:h`;
    const deadline = Math.max(options.commandDeadlineMs ?? COMMAND_DEADLINE_MS, 2_000);
    const run = async (args: string[]): Promise<unknown> => {
      try {
        return await command(args, deadline);
      } catch (err) {
        throw err instanceof ErrorReply ? new Refused(args[0]!, err.message) : err;
      }
    };
    try {
      await run(['PING']);
      await run(['SET', id, '1', 'PX', '60000']);
      await run(['GET', id]);
      await run(['DECR', id]);
      const inScript = (await run(['EVAL', CHECK_SCRIPT, '2', id, hash])) as string;
      if (inScript !== 'OK') throw new Refused(`EVAL (${inScript.split(': ')[0]} in a script)`, inScript.slice(inScript.indexOf(': ') + 2));
      await pubSub(`${id}:channel`, run, deadline);
      await run(['DEL', id, hash]);
      return { outcome: 'ok' };
    } catch (err) {
      if (err instanceof Refused) return { outcome: 'refused', problem: lackingLine(where, err.command, err.message) };
      return unanswered(`stopped answering during the startup check (${(err as Error).message})`);
    }
  }

  /** SUBSCRIBE on the events connection, a PUBLISH on the commands connection heard there, UNSUBSCRIBE. */
  async function pubSub(channel: string, run: (args: string[]) => Promise<unknown>, deadlineMs: number): Promise<void> {
    let heard!: () => void;
    const arrived = new Promise<void>((resolve) => (heard = resolve));
    const refusedAs = (name: string) => (err: unknown) => {
      throw err instanceof ErrorReply ? new Refused(name, err.message) : err;
    };
    await subscriber.subscribe(channel, () => heard()).catch(refusedAs('SUBSCRIBE'));
    await run(['PUBLISH', channel, 'check']);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([arrived, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`a publish was not heard within ${deadlineMs} ms`)), deadlineMs)))]);
    } finally {
      clearTimeout(timer);
    }
    await subscriber.unsubscribe(channel).catch(refusedAs('UNSUBSCRIBE'));
  }

  return {
    command,
    records,
    checkAccess,
    async publish(channel, message) {
      await command(['PUBLISH', `${KEY_PREFIX}${channel}`, message]);
    },
    async subscribe(channel, listener) {
      await subscriber.subscribe(`${KEY_PREFIX}${channel}`, (message: string) => listener(message));
    },
    ping: () => command(['PING']).then((answer) => answer === 'PONG', () => false),
    async close() {
      closed = true;
      // A connection still trying to connect is dropped; an open one answers what it was sent first.
      await Promise.allSettled([client, subscriber].map(async (c) => (c.isReady ? c.close() : c.isOpen ? c.destroy() : undefined)));
      await connecting;
    },
  };
}

/** A command Redis refused to run for this user. */
class Refused extends Error {
  readonly command: string;
  constructor(command: string, message: string) {
    super(message);
    this.command = command;
  }
}

/** Runs each command the site's scripts call, with pcall: the first one refused is named
 * (Redis's own error from inside a script does not say which). KEYS[1] a string, KEYS[2] a
 * hash, both expiring: a check cut short leaves nothing for long. */
const CHECK_SCRIPT = `local calls = {
{'SET', KEYS[1], '1', 'PX', '60000'}, {'GET', KEYS[1]}, {'INCR', KEYS[1]}, {'PTTL', KEYS[1]}, {'PEXPIRE', KEYS[1], '60000'},
{'HSET', KEYS[2], 'a', '1'}, {'PEXPIRE', KEYS[2], '60000'}, {'HMGET', KEYS[2], 'a'}, {'HEXISTS', KEYS[2], 'a'}, {'HDEL', KEYS[2], 'a'}, {'TIME'} }
for _, call in ipairs(calls) do
  local answer = redis.pcall(unpack(call))
  if type(answer) == 'table' and answer.err then return call[1] .. ': ' .. answer.err end
end
return 'OK'`;

/** The commands CHECK_SCRIPT runs (a test holds them to SCRIPT_COMMANDS). */
export const CHECK_SCRIPT_COMMANDS = [...new Set([...CHECK_SCRIPT.matchAll(/\{'([A-Z]+)'/g)].map((m) => m[1]!))];

/** Where the store is and as whom, for the log: never the password. */
function storeName(url: string): string {
  const u = new URL(url);
  const user = decodeURIComponent(u.username);
  return `Redis at ${u.host}${user ? ` (user ${user})` : ''}`;
}

/** Redis refused a connection's setup: what it said, and what to change. */
function refusedLine(where: string, said: string): string {
  const fix = /^NOAUTH/.test(said)
    ? 'it needs a user and password, and SHARED_STORE_URL carries none: redis://<user>:<password>@host:port (the password percent-encoded)'
    : /^WRONGPASS/.test(said)
      ? "set the user and password Redis's ACL (or requirepass) expects in SHARED_STORE_URL: redis://<user>:<password>@host:port (the password percent-encoded)"
      : 'check the user, password and database in SHARED_STORE_URL against what Redis allows';
  return `SHARED_STORE_URL: ${where} refused this replica (${said.trim()}): ${fix}`;
}

/** Redis let the replica in, then refused a command the site needs. */
function lackingLine(where: string, command: string, said: string): string {
  return `SHARED_STORE_URL: ${where} refused ${command}, which the site needs (${said.trim()}): give the user the rule \`${SITE_ACL_RULE.join(' ')}\` (compose.yaml's redis service shows it)`;
}

/**
 * The startup's check (server/index.ts): the refusal line that must stop the replica, or null.
 * A store that does not answer in time does not stop it (pages are served without it, as when
 * Redis goes away later): a warning, and the check runs again once the store answers, its
 * refusal then an error line (the replica keeps serving, with /readyz's `shared: not-ok`).
 */
export async function startupCheck(shared: SharedStore, logger: Logger, waitMs = STARTUP_WAIT_MS): Promise<string | null> {
  const check = await shared.checkAccess(waitMs);
  if (check.outcome === 'ok') return null;
  if (check.outcome === 'refused') return check.problem;
  logger.warn({ problem: check.problem }, 'shared store: no answer at startup; serving without it, its access checked once it answers');
  void (async () => {
    for (;;) {
      const later = await shared.checkAccess(60_000).catch(() => null);
      if (!later) return; // closed meanwhile
      if (later.outcome === 'ok') return void logger.info('shared store: access checked');
      if (later.outcome === 'refused') return void logger.error({ problem: later.problem }, later.problem);
    }
  })();
  return null;
}
