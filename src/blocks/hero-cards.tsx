import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';
import { ButtonLink } from './button-link';
import { MediaImage } from './media-image';
import { titleLevel } from './opening';
import { RichText } from './rich-text';
import { FitWords } from './fit-words';

/**
 * The home's opening: a warm panel with the big heading and an illustration, then one card
 * per kind of visitor ("I look for a group", "I worry about someone"), each with its action.
 */
export function HeroCardsBlock({ block, ctx, index, blocks }: BlockProps<'blocks.hero-cards'>) {
  const level = titleLevel(index, blocks);
  const Heading = level === 1 ? 'h1' : 'h2';
  const CardHeading = level === 1 ? 'h2' : 'h3';
  const origin = ctx.services.publicConfig.publicOrigin;
  return (
    <BlockShell block={block}>
      <div className={block.image ? 'hero-panel has-image' : 'hero-panel'}>
        <div className="hero-text">
          <Heading className="hero-title"><FitWords text={block.title} /></Heading>
          <RichText markdown={block.subtitle} origin={origin} className="lead" />
        </div>
        {block.image ? <MediaImage media={block.image} slot="hero" className="hero-image" priority /> : null}
      </div>
      <ul className="hero-cards" role="list">
        {block.cards.map((card, i) => (
          <li key={card.id ?? i} className="card hero-card">
            {card.image ? <MediaImage media={card.image} slot="heroCard" className="hero-card-image" alt="" /> : null}
            <div className="card-body">
              <CardHeading className="card-title"><FitWords text={card.title} /></CardHeading>
              <RichText markdown={card.body} origin={origin} />
              {card.link ? <ButtonLink button={card.link} ctx={ctx} className="card-action" /> : null}
            </div>
          </li>
        ))}
      </ul>
    </BlockShell>
  );
}
