import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';
import { Icon, type IconName } from '../icons/icon';
import { RichText } from './rich-text';

const ICONS: Record<string, IconName> = { paid: 'heart', pending: 'clock', failed: 'info', 'not-found': 'search' };

/**
 * The page a donor returns to after paying. No payment is looked up yet, and a status in the
 * address bar is never trusted, so "not found" is the honest answer: its text tells the donor
 * to contact us if that is wrong.
 */
export function DonationStatusBlock({ block, ctx }: BlockProps<'blocks.donation-status'>) {
  const state = block.states.find((s) => s.status === 'not-found');
  if (!state) return null;
  return (
    <BlockShell block={block} className={`status-${state.status}`}>
      <div className="status-panel" role="status">
        <Icon name={ICONS[state.status] ?? 'info'} size={40} className="status-icon" />
        <h2 className="block-title">{state.title}</h2>
        <RichText markdown={state.body} origin={ctx.services.publicConfig.publicOrigin} />
      </div>
    </BlockShell>
  );
}
