// The captcha step without JavaScript. Past an account limit a try needs a solved captcha
// (account-limits.ts), and the captcha is a proof of work the browser does in JavaScript: a
// visitor without it could not go on at all, so other people's wrong tries would keep the owner
// out after all. Without a captcha the step is a wait instead: the post is answered with the form
// again, asking to send it once more after `waitMs`; the next post for the same form, account
// and client that comes after that wait goes on, once. Work in time rather than in hashes: a
// guesser gets one try per wait per client (and its clients are refused outright past their own
// limit), while a person, who types the password again anyway, hardly notices.
//
// One wait per form, account and client at a time, so waits cannot be gathered in advance: a
// post during the wait starts nothing new, and a wait once passed is used up (claimed, on every
// replica through the shared records).
import { memoryRecords, type SharedRecords } from '../../shared/records';

/** How long a visitor without JavaScript waits before the try past a limit goes on. */
export const NO_SCRIPT_WAIT_MS = 10_000;
/** A wait not used within this long is forgotten; the next post starts a new one. */
const WAIT_KEPT_MS = 10 * 60_000;

export type NoScriptStep = {
  /** For a try past a limit without a captcha: passed, or how long is still to wait. */
  pass(key: string): Promise<{ passed: true } | { passed: false; waitMs: number }>;
};

export function noScriptStep(records: SharedRecords = memoryRecords(50_000), waitMs = NO_SCRIPT_WAIT_MS, now: () => number = () => Date.now()): NoScriptStep {
  return {
    async pass(key) {
      const record = `account-wait:${key}`;
      const at = Number((await records.get(record)) ?? NaN);
      const time = now();
      const begin = async () => {
        await records.set(record, String(time), WAIT_KEPT_MS);
        return { passed: false as const, waitMs };
      };
      if (!Number.isFinite(at) || time - at > WAIT_KEPT_MS) return begin();
      if (time - at < waitMs) return { passed: false, waitMs: waitMs - (time - at) };
      // Two posts after the same wait: one goes on, the other waits anew.
      if (!(await records.claim(`${record}:${at}`, '1', WAIT_KEPT_MS))) return begin();
      await records.set(record, 'used', WAIT_KEPT_MS);
      return { passed: true };
    },
  };
}
