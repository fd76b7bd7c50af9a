import type { ReactNode } from 'react';
import { FitWords } from './fit-words';

export type CardHeadingLevel = 'h2' | 'h3';

/**
 * A card's title link. Its `::after` covers the whole card (CSS `.card-link`), so the card is
 * one big target while the link's accessible name stays the short title.
 */
export function CardTitle({ as: Heading, href, children }: { as: CardHeadingLevel; href: string; children: ReactNode }) {
  return (
    <Heading className="card-title">
      <FitWords text={typeof children === 'string' ? children : ''}>
        <a className="card-link" href={href}>
          {children}
        </a>
      </FitWords>
    </Heading>
  );
}

/** Small facts under a title (date, place, hours), each with an icon. */
export function CardMeta({ children }: { children: ReactNode }) {
  return <p className="card-meta">{children}</p>;
}
