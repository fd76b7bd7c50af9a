// The one form of an email address that every comparison uses: the erasure's find, export and
// erase (stored beside each address in the durable store), the account limits per address and
// the "already an account" mail. Two addresses are the same when their keys are equal.
//
// - Trimmed, and composed (NFC): `É` typed as one letter or as `E` and a combining accent is one.
// - Lower case in every script, by Unicode's default mapping (`toLowerCase`, never a locale's):
//   SQLite's lower() knows only A to Z, which is how `ÉMILE.Privé@Voorbeeld.NL` went unfound.
// - The whole address, the part before the `@` too. RFC 5321 lets a mail server tell `Anna@`
//   from `anna@`; no mailbox provider does, Strapi's accounts store addresses lower-cased, and
//   the site has always matched addresses without regard to case. For an erasure, finding a
//   person's records under every casing they typed is what the request asks for.
// - A letter's lower case does not depend on where it stands or which capital was typed: the
//   Greek final sigma `ς` (what `Σ` becomes at the end of a word) is `σ`, so `ΟΔΥΣΣΕΑΣ@` and
//   `οδυσσεασ@` meet; and the Turkish capital `İ`, which the default mapping makes `i` with a
//   combining dot above, is `i`, so `ŞAHİN@` and `şahin@` meet. The dotless `ı` stays its own
//   letter (`ŞAHIN@`, with a Latin capital I, is `şahin@`, as every non-Turkish reader takes it).
//   Nothing else is folded: `ß` is not `ss`, and no accent is dropped.

const COMBINING_DOT_ABOVE = /i\u0307/g;
const FINAL_SIGMA = /ς/g;

/** The key of an address, for comparing it with another. */
export function addressKey(address: string): string {
  return address.trim().normalize('NFC').toLowerCase().replace(COMBINING_DOT_ABOVE, 'i').replace(FINAL_SIGMA, 'σ').normalize('NFC');
}

/** The key of a stored value that may hold no address (a form without one, an emptied donor): null then. */
export function addressKeyOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const key = addressKey(value);
  return key === '' ? null : key;
}
