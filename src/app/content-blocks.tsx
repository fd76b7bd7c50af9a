import type { ReactNode } from 'react';
import type { BlockComponent } from '../content/model';
import type { BlockRecord } from '../content/site-content';
import type { BlockContext } from '../blocks/block-context';
import type { BlockProps } from '../blocks/block-props';
import { BlogFilterBarBlock } from '../blocks/blog-filter-bar';
import { ButtonsBlock } from '../blocks/buttons';
import { CallToActionBlock } from '../blocks/call-to-action';
import { CollectionListBlock } from '../blocks/collection-list';
import { DividerBlock } from '../blocks/divider';
import { DonationStatusBlock, donationStatusTitle } from '../features/donations';
import { FaqBlock } from '../blocks/faq';
import { FormBlock } from './form-block';
import { FoundationFactsBlock } from '../blocks/foundation-facts';
import { HeroCardsBlock } from '../blocks/hero-cards';
import { IntroBlock } from '../blocks/intro';
import { ItemListBlock } from '../blocks/item-list';
import { LocationsMapBlock } from '../features/find-group';
import { PaginationBlock } from '../blocks/pagination';
import { PartnerItemBlock } from '../blocks/partner-item';
import { SocialLifeBlock } from '../blocks/social-life';
import { SupportBlock } from '../blocks/support';
import { SupportOurMissionBlock } from '../blocks/support-our-mission';
import { TeamMemberItemsBlock } from '../blocks/team-member-items';
import { TestResultBlock } from '../features/loneliness-test';
import { TextBlock } from '../blocks/text';
import { TextWithMediaBlock } from '../blocks/text-with-media';
import { UpdatesBlock } from '../blocks/updates';

export { opensWithHeading } from '../blocks/opening';

/**
 * The page's title when its opening block's heading depends on what the server found (the
 * donation status: paid, failed, not found): the title says what the page says, not the
 * page's one fixed title. Undefined for every other page.
 */
export function stateTitle(blocks: readonly BlockRecord[], ctx: Pick<BlockContext, 'donation'>): string | undefined {
  const first = blocks[0];
  if (first?.__component === 'blocks.donation-status') return donationStatusTitle(first as BlockProps<'blocks.donation-status'>['block'], ctx.donation);
  return undefined;
}

type BlockRenderer<C extends BlockComponent> = (props: BlockProps<C>) => ReactNode | Promise<ReactNode>;

/** One component per block type; typed as a full record, so a new type cannot be forgotten. */
const COMPONENTS: { [C in BlockComponent]: BlockRenderer<C> } = {
  'blocks.buttons': ButtonsBlock,
  'blocks.call-to-action': CallToActionBlock,
  'blocks.collection-list': CollectionListBlock,
  'blocks.divider': DividerBlock,
  'blocks.donation-status': DonationStatusBlock,
  'blocks.faq': FaqBlock,
  'blocks.form': FormBlock,
  'blocks.hero-cards': HeroCardsBlock,
  'blocks.item-list': ItemListBlock,
  'blocks.locations-map': LocationsMapBlock,
  'blocks.social-life': SocialLifeBlock,
  'blocks.support': SupportBlock,
  'blocks.support-our-mission': SupportOurMissionBlock,
  'blocks.test-result': TestResultBlock,
  'blocks.text': TextBlock,
  'blocks.text-with-media': TextWithMediaBlock,
  'blocks.updates': UpdatesBlock,
  'blocks.blog-filter-bar': BlogFilterBarBlock,
  'blocks.partner-item': PartnerItemBlock,
  'blocks.intro': IntroBlock,
  'blocks.pagination': PaginationBlock,
  'blocks.team-member-items': TeamMemberItemsBlock,
  'blocks.foundation-facts': FoundationFactsBlock,
};

/**
 * Renders a page's dynamic zone in order. The model already drops unknown types; a record
 * that still names one (a newer content type than this build) is skipped with a log line.
 */
export function Blocks({ blocks, ctx }: { blocks: BlockRecord[]; ctx: BlockContext }) {
  return (
    <div className="blocks">
      {blocks.map((block, index) => {
        const Component = (COMPONENTS as Record<string, BlockRenderer<BlockComponent> | undefined>)[block.__component];
        if (!Component) {
          ctx.services.logger.warn({ component: block.__component, path: ctx.pathname }, 'unknown block type skipped');
          return null;
        }
        return <Component key={`${block.__component}-${block.id ?? 'x'}-${index}`} block={block as never} ctx={ctx} index={index} blocks={blocks} />;
      })}
    </div>
  );
}
