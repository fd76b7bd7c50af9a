// The generic validation rules (accepted, email, length, ...), as pure checks
// `(value, ...args) => boolean`. Semantics and defaults follow FormKit, which the original site
// used (length min 0 and max unbounded, max default 10, min default 1), so editors'
// expectations carry over.
import {
  DATE_FORMAT_DEFAULT,
  LENGTH_DEFAULT_MAX,
  LENGTH_DEFAULT_MIN,
  MAX_DEFAULT,
  MIN_DEFAULT,
} from './constants';
import { endOfUtcDay, parseDateWithFormat, startOfUtcDay, toDate } from './dates';

export type LetterSet = 'default' | 'latin';
export type CaseSet = LetterSet | 'allow_non_alpha';

/** Empty means "not filled in": nothing, blank text, an empty list or an empty object. */
export function isEmpty(value: unknown, trim = true): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return (trim ? value.trim() : value) === '';
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Date) return false;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) ? parsed : undefined;
}

function test(pattern: RegExp, value: unknown): boolean {
  return typeof value === 'string' && pattern.test(value);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const scalar = (v: unknown) => ['string', 'number', 'boolean'].includes(typeof v);
  return scalar(a) && scalar(b) && String(a) === String(b);
}

/** A rule pattern may be a RegExp or its text form `/source/flags`; other text must match exactly. */
function matchesPattern(value: unknown, pattern: string | RegExp): boolean {
  const slashed = typeof pattern === 'string' ? /^\/(.+)\/([gimsuy]*)$/.exec(pattern) : null;
  const regExp =
    pattern instanceof RegExp ? pattern
    : slashed ? new RegExp(slashed[1] ?? '', slashed[2])
    : undefined;
  if (!regExp) return sameValue(value, pattern);
  regExp.lastIndex = 0; // a global RegExp remembers where it stopped last time
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  return text !== undefined && regExp.test(text);
}

const LETTERS: Record<LetterSet, RegExp> = { default: /^\p{L}+$/u, latin: /^[a-z]+$/i };
const LETTERS_SPACES: Record<LetterSet, RegExp> = { default: /^[\p{L} ]+$/u, latin: /^[a-z ]+$/i };
const LETTERS_DIGITS: Record<LetterSet, RegExp> = {
  default: /^[\p{L}\p{N}]+$/u,
  latin: /^[a-z0-9]+$/i,
};
const SYMBOLS = /^[!-/:-@[-`{-~]+$/;
const SOME_SYMBOL = /[!-/:-@[-`{-~]/;
// Deliberately simple: one @, no spaces, a dotted domain with a real top-level part. The only
// real proof of an address is mail arriving; this catches typos without refusing real ones.
const EMAIL_LOCAL = /^(?!\.)(?!.*\.\.)[^\s@<>()[\]\\,;:"]+(?<!\.)$/u;
const EMAIL_DOMAIN = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}$/u;

function isEmail(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const parts = value.trim().split('@');
  return parts.length === 2 && EMAIL_LOCAL.test(parts[0] ?? '') && EMAIL_DOMAIN.test(parts[1] ?? '');
}

export const ruleChecks = {
  accepted: (value: unknown) => [true, 'true', 'on', 'yes', '1', 1].includes(value as never),
  alpha: (value: unknown, set: LetterSet = 'default') => test(LETTERS[set], value),
  alpha_spaces: (value: unknown, set: LetterSet = 'default') => test(LETTERS_SPACES[set], value),
  alphanumeric: (value: unknown, set: LetterSet = 'default') => test(LETTERS_DIGITS[set], value),
  between: (value: unknown, from: number, to: number) => {
    const n = toNumber(value);
    return n !== undefined && n >= Math.min(from, to) && n <= Math.max(from, to);
  },
  confirm: (value: unknown, other: unknown, comparison: 'loose' | 'strict' = 'loose') =>
    comparison === 'strict' ? value === other : sameValue(value, other),
  contains_alpha: (value: unknown) => test(/\p{L}/u, value),
  contains_alphanumeric: (value: unknown) => test(/[\p{L}\p{N}]/u, value),
  contains_alpha_spaces: (value: unknown) => test(/[\p{L} ]/u, value),
  contains_lowercase: (value: unknown) => test(/\p{Ll}/u, value),
  contains_numeric: (value: unknown) => test(/\p{N}/u, value),
  contains_symbol: (value: unknown) => test(SOME_SYMBOL, value),
  contains_uppercase: (value: unknown) => test(/\p{Lu}/u, value),
  /** Strictly after `date`; without one, after today (today itself does not count). */
  date_after: (value: unknown, date?: Date | string) => {
    const [d, bound] = [toDate(value), date === undefined ? endOfUtcDay() : toDate(date)];
    return d !== undefined && bound !== undefined && d > bound;
  },
  /** Strictly before `date`; without one, before today. */
  date_before: (value: unknown, date?: Date | string) => {
    const [d, bound] = [toDate(value), date === undefined ? startOfUtcDay() : toDate(date)];
    return d !== undefined && bound !== undefined && d < bound;
  },
  date_between: (value: unknown, from: Date | string, to: Date | string) => {
    const [d, a, b] = [toDate(value), toDate(from), toDate(to)];
    return d !== undefined && a !== undefined && b !== undefined && d >= a && d <= b;
  },
  date_format: (value: unknown, format: string = DATE_FORMAT_DEFAULT) =>
    typeof value === 'string' && parseDateWithFormat(value, format) !== undefined,
  email: isEmail,
  ends_with: (value: unknown, ...suffixes: string[]) =>
    typeof value === 'string' && suffixes.some((suffix) => value.endsWith(suffix)),
  starts_with: (value: unknown, ...prefixes: string[]) =>
    typeof value === 'string' && prefixes.some((prefix) => value.startsWith(prefix)),
  is: (value: unknown, ...allowed: unknown[]) => allowed.some((a) => sameValue(a, value)),
  not: (value: unknown, ...disallowed: unknown[]) => !disallowed.some((d) => sameValue(d, value)),
  length: (value: unknown, min: number = LENGTH_DEFAULT_MIN, max: number = LENGTH_DEFAULT_MAX) => {
    const size =
      typeof value === 'string' ? Array.from(value).length
      : Array.isArray(value) ? value.length
      : value !== null && typeof value === 'object' ? Object.keys(value).length
      : undefined;
    return size !== undefined && size >= Math.min(min, max) && size <= Math.max(min, max);
  },
  lowercase: (value: unknown, set: CaseSet = 'default') =>
    set === 'allow_non_alpha'
      ? test(/^[^\p{Lu}]+$/u, value)
      : test(set === 'latin' ? /^[a-z]+$/ : /^\p{Ll}+$/u, value),
  uppercase: (value: unknown, set: CaseSet = 'default') =>
    set === 'allow_non_alpha'
      ? test(/^[^\p{Ll}]+$/u, value)
      : test(set === 'latin' ? /^[A-Z]+$/ : /^\p{Lu}+$/u, value),
  matches: (value: unknown, ...patterns: Array<string | RegExp>) =>
    patterns.some((pattern) => matchesPattern(value, pattern)),
  /** A list may have at most `n` items; anything else must be a number no more than `n`. */
  max: (value: unknown, n: number = MAX_DEFAULT) => {
    if (Array.isArray(value)) return value.length <= n;
    const number = toNumber(value);
    return number !== undefined && number <= n;
  },
  min: (value: unknown, n: number = MIN_DEFAULT) => {
    if (Array.isArray(value)) return value.length >= n;
    const number = toNumber(value);
    return number !== undefined && number >= n;
  },
  number: (value: unknown) => toNumber(value) !== undefined,
  required: (value: unknown, trim = true) => !isEmpty(value, trim),
  require_one: (value: unknown, ...others: unknown[]) =>
    [value, ...others].some((v) => !isEmpty(v)),
  symbol: (value: unknown) => test(SYMBOLS, value),
  url: (value: unknown, ...protocols: string[]) => {
    if (typeof value !== 'string') return false;
    const allowed = protocols.length > 0 ? protocols : ['http', 'https'];
    try {
      const url = new URL(value.trim());
      return allowed.includes(url.protocol.replace(/:$/, '')) && url.hostname !== '';
    } catch {
      return false;
    }
  },
} as const;

export type RuleName = keyof typeof ruleChecks;
type Rest<F> = F extends (value: unknown, ...args: infer A) => boolean ? A : never;
export type RuleArgs<N extends RuleName> = Rest<(typeof ruleChecks)[N]>;

export const RULE_NAMES = Object.keys(ruleChecks) as RuleName[];

/** Runs one rule by name, for rule lists that come from data (content or a field definition). */
export function checkRule<N extends RuleName>(name: N, value: unknown, ...args: RuleArgs<N>): boolean {
  const check = ruleChecks[name] as (value: unknown, ...args: unknown[]) => boolean;
  return check(value, ...args);
}
