// A seeded random source (mulberry32): the same seed gives the same requests, so a failure
// found by the resilience suite can be run again exactly (`--seed=`).
export type Random = {
  /** A number in [0, 1). */
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** `length` characters from `alphabet`. */
  string(length: number, alphabet?: string): string;
};

const WORD = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
    string: (length, alphabet = WORD) => Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''),
  };
}
