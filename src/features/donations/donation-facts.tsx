import type { BlockContext } from '../../blocks/block-context';
import { formatIban, validIban } from './iban';
import { t } from '../../i18n/intl';

/**
 * Under the donation form: how to transfer a gift yourself and the foundation's numbers, each
 * line only when the global settings hold it (an account number only when its check digits
 * hold), so the page never shows a number nobody entered.
 */
export async function DonationFacts({ ctx }: { ctx: BlockContext }) {
  const global = (await ctx.services.content.chrome(ctx.locale)).global;
  const iban = validIban(global?.iban);
  const lines = [
    iban ? t(ctx.locale, 'donation.iban', { iban: formatIban(iban), name: global?.accountHolder ?? 'Stichting Join Us' }) : null,
    global?.kvk ? t(ctx.locale, 'donation.kvk', { kvk: global.kvk }) : null,
    global?.rsin ? t(ctx.locale, 'donation.rsin', { rsin: global.rsin }) : null,
  ].filter((line): line is string => line !== null);
  if (lines.length === 0) return null;
  return (
    <ul className="donation-facts">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
