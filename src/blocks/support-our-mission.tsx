import { BlockHeading } from './block-heading';
import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';
import { ButtonLink } from './button-link';
import { MediaImage } from './media-image';
import { RichText } from './rich-text';
import { FitWords } from './fit-words';

/** Ways to help (give, volunteer, partner, share), each a card with its own action. */
export function SupportOurMissionBlock({ block, ctx }: BlockProps<'blocks.support-our-mission'>) {
  const origin = ctx.services.publicConfig.publicOrigin;
  // One level under the block's title; without a title the options are the block's headings.
  const OptionHeading = block.title ? 'h3' : 'h2';
  return (
    <BlockShell block={block}>
      <div className={block.image ? 'som-head has-image' : 'som-head'}>
        <BlockHeading title={block.title} intro={block.body} ctx={ctx} />
        {block.image ? <MediaImage media={block.image} slot="side" className="som-image" /> : null}
      </div>
      <ul className="card-grid som-options" role="list">
        {block.options.map((option, i) => (
          <li key={option.id ?? i} className="card som-option">
            <div className="card-body">
              <OptionHeading className="card-title"><FitWords text={option.title} /></OptionHeading>
              <RichText markdown={option.body} origin={origin} />
              {option.button ? <ButtonLink button={option.button} ctx={ctx} className="card-action" /> : null}
            </div>
          </li>
        ))}
      </ul>
    </BlockShell>
  );
}
