import { BlockHeading } from './block-heading';
import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';
import { loadRelated } from './load-related';
import { TeamMemberCard } from './people-cards';
import { t } from '../i18n/intl';

/** People of one group: those the editor picked, in that order, or everyone in the group. */
export async function TeamMemberItemsBlock({ block, ctx }: BlockProps<'blocks.team-member-items'>) {
  const picked = block.members ?? [];
  const members =
    picked.length > 0
      ? picked
      : (
          await loadRelated(ctx, block, () =>
            ctx.services.content.all('team-members', { locale: ctx.locale, filters: { group: { $eq: block.group } }, sort: ['order:asc', 'name:asc'] }),
          )
        )?.items;
  if (!members || members.length === 0) return null;
  return (
    <BlockShell block={block} className={`group-${block.group}`}>
      <BlockHeading title={block.title ?? t(ctx.locale, `blocks.team.${block.group}`)} intro={block.intro} ctx={ctx} />
      <ul className="card-grid people-grid" role="list">
        {members.map((member) => (
          <TeamMemberCard key={member.id} record={member} ctx={ctx} heading="h3" />
        ))}
      </ul>
    </BlockShell>
  );
}
