import { pathOf } from '../../routing/path-table';
import type { BlockProps } from '../../blocks/block-props';
import { BlockShell } from '../../blocks/block-shell';
import { Icon, type IconName } from '../../icons/icon';
import type { DonationView, DonationViewState } from '../../routing/donation-view';
import { formatEuro } from './money';
import { t } from '../../i18n/intl';
import type { MessageKey } from '../../i18n/messages';
import { RichText } from '../../blocks/rich-text';
import { SiteForm } from '../../blocks/forms/site-form';
import { titleLevel } from '../../blocks/opening';
import { FitWords } from '../../blocks/fit-words';

type StatusBlock = BlockProps<'blocks.donation-status'>['block'];

/** The content's text for the donation's state; "not found" when the block has none for it. */
function shownState(block: StatusBlock, view: DonationView) {
  return block.states.find((s) => s.status === view.state) ?? block.states.find((s) => s.status === 'not-found');
}

/** The title of the state the block shows: what a tab and a screen reader say first, so a
 * failed payment's page is not titled with a thank-you. */
export function donationStatusTitle(block: StatusBlock, donation: DonationView | undefined): string | undefined {
  return shownState(block, donation ?? { state: 'not-found' })?.title;
}

const ICONS: Record<DonationViewState, IconName> = { paid: 'heart', pending: 'clock', failed: 'info', 'not-found': 'search' };

/**
 * The page a donor returns to after paying: the content's text for the donation's real state,
 * which the server found in the store and at the payment provider (the address names the
 * donation, never its status). Without a donation that is "not found", whose text tells the
 * donor to contact us if that is wrong. A failed payment shows the form again, filled in.
 */
export function DonationStatusBlock({ block, ctx, index, blocks }: BlockProps<'blocks.donation-status'>) {
  // First on its page, the outcome's title is the page's h1 (src/blocks/opening.ts), and the
  // page's title too (donationStatusTitle).
  const [Heading, Sub] = titleLevel(index, blocks) === 1 ? (['h1', 'h2'] as const) : (['h2', 'h3'] as const);
  const view = ctx.donation ?? { state: 'not-found' as const };
  const state = shownState(block, view);
  if (!state) return null;
  const summary = view.amountCents && view.frequency ? t(ctx.locale, `donation.summary.${view.frequency}` as MessageKey, { amount: formatEuro(view.amountCents, ctx.locale) }) : null;
  return (
    <BlockShell block={block} className={`status-${state.status}`}>
      <div className="status-panel" role="status">
        <Icon name={ICONS[state.status]} size={40} className="status-icon" />
        <Heading className="block-title"><FitWords text={state.title} /></Heading>
        <RichText markdown={state.body} origin={ctx.services.publicConfig.publicOrigin} />
        {summary ? <p className="status-summary">{summary}</p> : null}
      </div>
      {view.state === 'failed' && view.retry ? (
        <div className="status-retry form-panel">
          <Sub className="block-title">{t(ctx.locale, 'donation.tryAgain')}</Sub>
          <p>{t(ctx.locale, 'donation.tryAgainIntro')}</p>
          <SiteForm form="donation" ctx={{ ...ctx, pathname: pathOf('doneren') }} texts={{ submitLabel: t(ctx.locale, 'donation.submit') }} />
        </div>
      ) : null}
    </BlockShell>
  );
}
