// Whether a bank account number is a real IBAN by its own check digits (ISO 13616, mod 97):
// an account number on a public page is shown only when it passes, so a placeholder or a typo
// never asks a donor to transfer money to the wrong place.

/** The IBAN without spaces, in capitals, when its check digits hold; else null. */
export function validIban(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return null;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  // Letters count as 10..35; the remainder is taken digit by digit, so no number grows large.
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1 ? iban : null;
}

/** "NL91ABNA0417164300" as people read it: groups of four. */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}
