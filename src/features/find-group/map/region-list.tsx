import { pathTo } from '../../../routing/path-to';
import type { Location } from '../../../content/model';
import type { BlockContext } from '../../../blocks/block-context';
import { formatList, t } from '../../../i18n/intl';

/** The map's groups as text when there are too many to list one by one: per region, how many
 * groups meet where, and a link to the region's page, which lists every one of them. */
export function RegionList({ groups, ctx, heading: Heading }: { groups: Location[]; ctx: BlockContext; heading: 'h2' | 'h3' }) {
  const regions = new Map<string, { name: string; slug?: string; places: Map<string, number>; count: number }>();
  for (const g of groups) {
    const key = g.district?.slug ?? g.municipality ?? '';
    const region = regions.get(key) ?? { name: g.district?.name ?? g.municipality ?? '', slug: g.district?.slug, places: new Map<string, number>(), count: 0 };
    const place = g.city ?? g.municipality ?? '';
    region.places.set(place, (region.places.get(place) ?? 0) + 1);
    region.count++;
    regions.set(key, region);
  }
  const l = ctx.locale;
  return (
    <div className="location-list">
      {[...regions.values()].map((region) => (
        <section key={region.slug ?? region.name} className="location-district">
          {region.name ? <Heading className="location-district-name">{region.name}</Heading> : null}
          <p className="location-facts">
            {formatList(
              l,
              [...region.places].map(([place, count]) => t(l, 'blocks.map.placeCount', { place, count })),
            )}
          </p>
          <a className="location-link" href={region.slug ? pathTo('regio-slug', l, { slug: region.slug }) : pathTo('locaties', l)}>
            {t(l, 'blocks.map.regionGroups', { count: region.count, district: region.name })}
          </a>
        </section>
      ))}
    </div>
  );
}
