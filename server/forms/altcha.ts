// Self-hosted proof-of-work captcha (ALTCHA, altcha-lib): the browser fetches a signed
// challenge, spends a fraction of a second solving it, and sends the solution with the form.
// Works offline and sends nothing to a third party. A solved challenge counts once.
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { memoryRecords, type SharedRecords } from '../shared/records';

export type Altcha = { challenge(): Promise<Challenge>; verify(payload: string): Promise<boolean> };

/** `used`: where solved challenges are remembered, so each counts once on any replica. */
export function createAltcha(opts: { secret: string; ttlMs?: number; keyPrefix?: string; used?: SharedRecords }): Altcha {
  const ttlMs = opts.ttlMs ?? 10 * 60_000;
  const used = opts.used ?? memoryRecords(50_000);
  return {
    challenge: () =>
      createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        deriveKey,
        // Three hex zeros: about 4 000 hashes, well under a second on a cheap phone.
        keyPrefix: opts.keyPrefix ?? '000',
        hmacSignatureSecret: opts.secret,
        expiresAt: Math.floor((Date.now() + ttlMs) / 1000),
      }),
    async verify(payload) {
      let parsed: { challenge: Challenge; solution: Solution };
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
      } catch {
        return false;
      }
      const signature = parsed?.challenge?.signature;
      if (typeof signature !== 'string') return false;
      const result = await verifySolution({ challenge: parsed.challenge, solution: parsed.solution, deriveKey, hmacSignatureSecret: opts.secret }).catch(() => null);
      // Claimed only once verified: a wrong solution uses nothing up.
      return Boolean(result?.verified) && used.claim(`altcha:${signature}`, '1', ttlMs);
    },
  };
}
