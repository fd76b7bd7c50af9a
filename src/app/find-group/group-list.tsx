// The groups of a search's answer or a region page, each a card in the visitor's language.
import type { Location } from '../../content/model';
import type { BlockContext } from '../../blocks/block-context';
import { GroupCard } from './group-card';
import { groupLabels, groupSummary } from './group-summary';

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
