import { BlockHeading } from './block-heading';
import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';
import { loadRelated } from './load-related';
import { TeamMemberCard } from './people-cards';
import { t } from '../i18n/intl';
import { LIST_PAGE_SIZE, pageFrom, pageParam } from './list-pages';
import { PageLinks } from './page-links';

/** People of one group: those the editor picked, in that order, or everyone in the group, a page
 * at a time. */
export async function TeamMemberItemsBlock({ block, ctx, blocks, index }: BlockProps<'blocks.team-member-items'>) {
  const picked = block.members ?? [];
  const param = pageParam(blocks, index);
  const found =
    picked.length > 0
      ? null
      : await loadRelated(ctx, block, () =>
          ctx.services.content.list('team-members', {
            locale: ctx.locale,
            filters: { group: { $eq: block.group } },
            sort: ['order:asc', 'name:asc'],
            page: pageFrom(ctx.query, param),
            pageSize: LIST_PAGE_SIZE,
          }),
        );
  const members = picked.length > 0 ? picked : found?.items;
  if (!members || members.length === 0) return null;
  return (
    <BlockShell block={block} className={`group-${block.group}`}>
      <BlockHeading title={block.title ?? t(ctx.locale, `blocks.team.${block.group}`)} intro={block.intro} ctx={ctx} />
      <ul className="card-grid people-grid" role="list">
        {members.map((member) => (
          <TeamMemberCard key={member.id} record={member} ctx={ctx} heading="h3" />
        ))}
      </ul>
      {found ? <PageLinks ctx={ctx} page={found.pagination.page} pageCount={found.pagination.pageCount} param={param} fragment={block.anchor ?? undefined} /> : null}
    </BlockShell>
  );
}
