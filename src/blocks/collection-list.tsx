import type { ReactNode } from 'react';
import type { ListableCollection } from '../content/model';
import type { CollectionRecord } from '../content/model';
import { t } from '../i18n/intl';
import type { BlockContext } from './block-context';
import { BlockHeading } from './block-heading';
import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';
import { BlogCard } from './blog-card';
import { ButtonLink } from './button-link';
import type { CardHeadingLevel } from './card-parts';
import { CourseCard, EventCard, VacancyCard } from './entry-cards';
import { listRequest, pagesItself } from './list-query';
import { pageParam } from './list-pages';
import { PageLinks } from './page-links';
import { loadRelated } from './load-related';
import { LocationCard, PartnerCard, TeamMemberCard } from './people-cards';

type Renderers = {
  [C in ListableCollection]: (record: CollectionRecord<C>, ctx: BlockContext, heading: CardHeadingLevel) => ReactNode;
};

const CARDS: Renderers = {
  'blog-posts': (r, ctx, h) => <BlogCard key={r.id} post={r} ctx={ctx} heading={h} />,
  courses: (r, ctx, h) => <CourseCard key={r.id} record={r} ctx={ctx} heading={h} />,
  vacancies: (r, ctx, h) => <VacancyCard key={r.id} record={r} ctx={ctx} heading={h} />,
  locations: (r, ctx, h) => <LocationCard key={r.id} record={r} ctx={ctx} heading={h} />,
  partners: (r, ctx, h) => <PartnerCard key={r.id} record={r} ctx={ctx} heading={h} />,
  'team-members': (r, ctx, h) => <TeamMemberCard key={r.id} record={r} ctx={ctx} heading={h} />,
  events: (r, ctx, h) => <EventCard key={r.id} record={r} ctx={ctx} heading={h} />,
};

/** Records of one collection as cards; a pagination block below it picks the page. */
export async function CollectionListBlock({ block, ctx, index, blocks }: BlockProps<'blocks.collection-list'>) {
  const collection = block.collection;
  const request = listRequest(block, ctx, blocks, index);
  const result = await loadRelated(ctx, block, () => ctx.services.content.list(collection, request));
  if (!result) return null;
  const heading: CardHeadingLevel = block.title ? 'h3' : 'h2';
  const render = CARDS[collection] as (record: unknown, ctx: BlockContext, heading: CardHeadingLevel) => ReactNode;
  return (
    <BlockShell block={block} className={`list-${collection}`}>
      <BlockHeading title={block.title} intro={block.intro} ctx={ctx} />
      {result.items.length > 0 ? (
        <ul className="card-grid" role="list">
          {result.items.map((record) => render(record, ctx, heading))}
        </ul>
      ) : (
        <p className="empty-text">{block.emptyText ?? t(ctx.locale, 'blocks.list.empty')}</p>
      )}
      {pagesItself(block, blocks, index) ? (
        <PageLinks ctx={ctx} page={result.pagination.page} pageCount={result.pagination.pageCount} param={pageParam(blocks, index)} fragment={block.anchor ?? undefined} />
      ) : null}
      {block.link ? (
        <p className="list-more">
          <ButtonLink button={block.link} ctx={ctx} />
        </p>
      ) : null}
    </BlockShell>
  );
}
