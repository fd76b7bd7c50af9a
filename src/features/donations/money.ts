// Money as whole cents, never as a floating-point number: an amount typed as "12,50" becomes
// 1250 by reading its digits, and goes back out as text ("12.50" for the payment provider,
// "€ 12,50" for people) by splitting the integer, so no amount is ever rounded.
import type { Locale } from '../../i18n/locale';

/** Euros, optionally with one or two decimals after a comma or a point; a leading "€" is fine. */
const EURO_TEXT = /^(?:€\s*)?(\d{1,9})(?:[.,](\d{1,2}))?$/;

/** Cents of an amount typed in euros, or null when it is not one (three decimals, "1.000,00", text). */
export function parseEuroCents(text: string): number | null {
  const match = EURO_TEXT.exec(text.trim());
  if (!match) return null;
  const euros = Number.parseInt(match[1]!, 10);
  const cents = Number.parseInt((match[2] ?? '0').padEnd(2, '0'), 10);
  const total = euros * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

/** The amount as the payment provider writes it: "12.50", always two decimals. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not an amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Cents of the provider's "12.50" (exactly two decimals), or null. */
export function decimalToCents(value: string): number | null {
  const match = /^(\d{1,9})\.(\d{2})$/.exec(value);
  return match ? Number.parseInt(match[1]!, 10) * 100 + Number.parseInt(match[2]!, 10) : null;
}

const GROUPING: Record<Locale, string> = { nl: '.', en: ',' };
const DECIMAL: Record<Locale, string> = { nl: ',', en: '.' };

/** "1.000" (Dutch) or "1,000" (English): the whole euros with thousands grouped. */
function groupedEuros(euros: number, locale: Locale): string {
  return String(euros).replace(/\B(?=(\d{3})+(?!\d))/g, GROUPING[locale]);
}

/** The number people read, without the sign: "25" for whole euros, "12,50" with cents. */
export function formatEuroNumber(cents: number, locale: Locale): string {
  const euros = groupedEuros(Math.floor(cents / 100), locale);
  const rest = cents % 100;
  return rest === 0 ? euros : `${euros}${DECIMAL[locale]}${String(rest).padStart(2, '0')}`;
}

/** "€ 25" or "€ 12,50" (Dutch), "€25" or "€12.50" (English). */
export function formatEuro(cents: number, locale: Locale): string {
  return `€${locale === 'nl' ? ' ' : ''}${formatEuroNumber(cents, locale)}`;
}

/** The amount as a person would type it back into the form: "25" or "12,50", no grouping. */
export function centsToInput(cents: number, locale: Locale): string {
  const rest = cents % 100;
  const euros = String(Math.floor(cents / 100));
  return rest === 0 ? euros : `${euros}${DECIMAL[locale]}${String(rest).padStart(2, '0')}`;
}
