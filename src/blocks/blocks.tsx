import type { ReactNode } from 'react';
import type { BlockComponent } from '../content/model';
import type { BlockRecord } from '../content/site-content';
import type { BlockContext } from './block-context';
import type { BlockProps } from './block-props';
import { BlogFilterBarBlock } from './blog-filter-bar';
import { ButtonsBlock } from './buttons';
import { CallToActionBlock } from './call-to-action';
import { CollectionListBlock } from './collection-list';
import { DividerBlock } from './divider';
import { DonationStatusBlock } from './donation-status';
import { FaqBlock } from './faq';
import { FormBlock } from './form';
import { HeroCardsBlock } from './hero-cards';
import { IntroBlock } from './intro';
import { ItemListBlock } from './item-list';
import { LocationsMapBlock } from './locations-map';
import { PaginationBlock } from './pagination';
import { PartnerItemBlock } from './partner-item';
import { SocialLifeBlock } from './social-life';
import { SupportBlock } from './support';
import { SupportOurMissionBlock } from './support-our-mission';
import { TeamMemberItemsBlock } from './team-member-items';
import { TestResultBlock } from './test-result';
import { TextBlock } from './text';
import { TextWithMediaBlock } from './text-with-media';
import { UpdatesBlock } from './updates';

export { opensWithHeading } from './opening';

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
