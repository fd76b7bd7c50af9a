// A past event's page: its sign-up is closed. The buttons that lead to its form ("Meld je
// aan" to `#aanmelden`, or the event's ticket link) go; the form block says it is closed.
import type { BlockRecord } from '../../content/site-content';

type WithButtons = BlockRecord & { buttons?: Array<{ url?: string | null }> | null };

export function withoutSignUpButtons(blocks: readonly BlockRecord[], ticketUrl?: string | null): BlockRecord[] {
  const anchors = blocks.filter((b) => b.__component === 'blocks.form' && b.anchor).map((b) => `#${b.anchor}`);
  const leadsToForm = (url?: string | null) => !!url && (anchors.some((a) => url.endsWith(a)) || url === ticketUrl);
  return blocks.map((block) => {
    const buttons = (block as WithButtons).buttons;
    return Array.isArray(buttons) ? ({ ...block, buttons: buttons.filter((b) => !leadsToForm(b.url)) } as BlockRecord) : block;
  });
}
