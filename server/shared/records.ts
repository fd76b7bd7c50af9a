// Small records that live for minutes or days and that a visitor's next request may need on
// any replica: the test checkout's payments, a captcha solution or login state used once.
// One process keeps them in memory (as before); replicas keep them in the shared store.
import { LRUCache } from 'lru-cache';

export type SharedRecords = {
  get(key: string): Promise<string | null>;
  /** Stores `value` under `key` for `ttlMs`, replacing what was there. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Stores `value` only when `key` holds nothing: true for the one caller that got it. */
  claim(key: string, value: string, ttlMs: number): Promise<boolean>;
};

/** In this process only, bounded: the oldest go first past `max`. */
export function memoryRecords(max = 100_000): SharedRecords {
  const kept = new LRUCache<string, string>({ max, ttlAutopurge: false });
  return {
    get: async (key) => kept.get(key) ?? null,
    async set(key, value, ttlMs) {
      kept.set(key, value, { ttl: ttlMs });
    },
    async claim(key, value, ttlMs) {
      if (kept.has(key)) return false;
      kept.set(key, value, { ttl: ttlMs });
      return true;
    },
  };
}

/** JSON values over records. */
export const jsonRecord = {
  async get<T>(records: SharedRecords, key: string): Promise<T | null> {
    const text = await records.get(key);
    return text === null ? null : (JSON.parse(text) as T);
  },
  set: (records: SharedRecords, key: string, value: unknown, ttlMs: number) => records.set(key, JSON.stringify(value), ttlMs),
};
