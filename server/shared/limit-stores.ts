// Where express-rate-limit counts. One process: in its memory (express-rate-limit's own
// store). Replicas: in the shared store through rate-limit-redis, so a budget is one budget
// however many replicas the requests are spread over. When the shared store does not answer in
// time the count goes on in this process's memory: each replica then holds the limit on its own
// (at worst the replicas' number times it), rather than no limit at all while Redis is away.
import { createHash } from 'node:crypto';
import { MemoryStore, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { Logger } from 'pino';
import { limitedLog } from '../http/warn-limit';
import { KEY_PREFIX, type SharedStore } from './shared-store';

/** A store for the limiter called `name` (unique per limiter); undefined: express-rate-limit's own. */
export type LimitStores = (name: string) => Store | undefined;

export const perProcessLimits: LimitStores = () => undefined;

export function sharedLimits(shared: SharedStore, logger: Logger): LimitStores {
  const warn = limitedLog(logger);
  return (name) => new FallbackStore(redisStore(shared, `${KEY_PREFIX}limit:${name}:`), new MemoryStore(), () => warn.warn({ limiter: name }, 'rate limit counted in this process: the shared store did not answer'));
}

/**
 * rate-limit-redis loads its scripts once (SCRIPT LOAD) when the limiter is made, and never
 * again if Redis was away then. Here a script is kept by its SHA on this side and every call
 * sends the script itself (EVAL; Redis keeps the compiled script by the same SHA), so a limiter
 * made before Redis was reachable works as soon as it is.
 */
function redisStore(shared: SharedStore, prefix: string): RedisStore {
  const scripts = new Map<string, string>();
  const sendCommand = async (...args: string[]): Promise<RedisReply> => {
    if (args[0] === 'SCRIPT' && args[1] === 'LOAD' && args[2]) {
      const sha = createHash('sha1').update(args[2]).digest('hex');
      scripts.set(sha, args[2]);
      return sha;
    }
    const script = args[0] === 'EVALSHA' ? scripts.get(args[1] ?? '') : undefined;
    return (await shared.command(script ? ['EVAL', script, ...args.slice(2)] : args)) as RedisReply;
  };
  return new RedisStore({ sendCommand, prefix });
}

/** `primary` while it answers, `fallback` (this process's memory) when it does not. */
class FallbackStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  constructor(private primary: RedisStore, private fallback: MemoryStore, private onFallback: () => void) {
    this.prefix = primary.prefix;
  }
  async init(options: Options) {
    this.fallback.init(options);
    await this.primary.init(options);
  }
  private async either<T>(shared: () => Promise<T>, local: () => Promise<T> | T): Promise<T> {
    try {
      return await shared();
    } catch {
      this.onFallback();
      return local();
    }
  }
  increment = (key: string): Promise<ClientRateLimitInfo> => this.either(() => this.primary.increment(key), () => this.fallback.increment(key));
  decrement = (key: string): Promise<void> => this.either(() => this.primary.decrement(key), () => this.fallback.decrement(key));
  resetKey = (key: string): Promise<void> => this.either(() => this.primary.resetKey(key), () => this.fallback.resetKey(key));
  get = (key: string): Promise<ClientRateLimitInfo | undefined> => this.either(() => this.primary.get(key), () => this.fallback.get(key));
  shutdown() {
    this.fallback.shutdown();
  }
}
