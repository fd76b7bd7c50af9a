// The groups of a search's answer or a region page, each a card in the visitor's language.
import type { Location } from '../../../content/model';
import { groupLabels, groupSummary } from '../../../blocks/group-summary';
import type { BlockContext } from '../../../blocks/block-context';
import { GroupCard } from '../../../blocks/group-card';

export function GroupList({ ctx, locations }: { ctx: BlockContext; locations: Location[] }) {
  const labels = groupLabels(ctx.locale);
  return (
    <ul className="find-groups">
      {locations.map((loc) => (
        <GroupCard key={loc.slug} group={groupSummary(loc, ctx.locale)} labels={labels} />
      ))}
    </ul>
  );
}
