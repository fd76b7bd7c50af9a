// The store replicas share (SHARED_STORE_URL: Redis, or Valkey, which speaks the same protocol):
// one connection for commands and one for the published content events. Nothing on a page's
// path waits on it: a command that cannot be answered within its deadline fails, and whoever
// sent it falls back to this process's own state (the callers say how).
import { createClient } from 'redis';
import type { Logger } from 'pino';
import { limitedLog } from '../http/warn-limit';
import { memoryRecords, type SharedRecords } from './records';

/** How long one command may take before its caller falls back. */
export const COMMAND_DEADLINE_MS = 250;
/** Every key and channel of the site starts with this, so a Redis can be shared with others. */
export const KEY_PREFIX = 'joinus:';

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
  for (const [name, c] of [['commands', client], ['events', subscriber]] as const) {
    c.on('error', (err: Error) => warn.warn({ err: { message: err.message }, connection: name }, 'shared store: connection failed; trying again'));
    c.on('ready', () => logger.info({ connection: name }, 'shared store connected'));
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

  return {
    command,
    records,
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
