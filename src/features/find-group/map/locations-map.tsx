import { pathTo } from '../../../routing/path-to';
import type { Location } from '../../../content/model';
import { t } from '../../../i18n/intl';
import { BlockHeading } from '../../../blocks/block-heading';
import type { BlockProps } from '../../../blocks/block-props';
import { BlockShell } from '../../../blocks/block-shell';
import { agesText, meetingText } from '../../../blocks/location-texts';
import { loadRelated } from '../../../blocks/load-related';
import { fitViewport, projectAll, spreadPins, targetRadius } from './map-layout';
import { MAP_PINS_MAX, mapSpots, type Placed } from './map-clusters';
import { RegionList } from './region-list';
import { inBounds } from './map-projection';
import { MapSvg } from './map-svg';
import { LocationCard } from '../../../blocks/people-cards';
import { LocationList } from './location-list';

const placed = (l: Location): l is Placed => l.mode === 'in-real-life' && typeof l.lat === 'number' && typeof l.lng === 'number' && inBounds(l.lat, l.lng);

/** How many online groups the map's side lists (a foundation has one or two; more are on /locaties). */
const ONLINE_SHOWN = 3;

/** Our groups on a map of the Netherlands, with the same groups as a list beside it; past
 * MAP_PINS_MAX groups a pin and a line of the list per place or region, linking to its page. */
export async function LocationsMapBlock({ block, ctx, index }: BlockProps<'blocks.locations-map'>) {
  const result = await loadRelated(ctx, block, () => ctx.services.content.all('locations', { locale: ctx.locale, sort: ['name:asc'] }));
  if (!result) return null;
  const inDistrict = (l: Location) => !block.district || l.district?.slug === block.district;
  const groups = result.items.filter((l) => l.mode === 'in-real-life' && inDistrict(l));
  const onMap = groups.filter(placed);
  const online = block.showOnline ? result.items.filter((l) => l.mode === 'online').slice(0, ONLINE_SHOWN) : [];
  const { grouping, spots } = mapSpots(onMap);
  const view = fitViewport(projectAll(spots));
  const radius = targetRadius(view);
  const at = spreadPins(projectAll(spots), radius);
  const pins = spots.map((spot, i) => {
    const one = grouping === 'group' ? spot.groups[0]! : null;
    return one
      ? {
          key: spot.key,
          href: pathTo('locatie-slug', ctx.locale, { slug: one.slug }),
          label: t(ctx.locale, 'blocks.map.marker', { name: one.name, place: [one.city, meetingText(ctx.locale, one), agesText(ctx.locale, one)].filter(Boolean).join(', ') }),
          at: at[i] ?? { x: 0, y: 0 },
        }
      : {
          key: spot.key,
          href: spot.district ? pathTo('regio-slug', ctx.locale, { slug: spot.district.slug }) : pathTo('locaties', ctx.locale),
          label: t(ctx.locale, 'blocks.map.cluster', { name: spot.name, count: spot.groups.length }),
          at: at[i] ?? { x: 0, y: 0 },
          count: spot.groups.length,
        };
  });
  // One level below the block's title; without one, right below the page's h1.
  const Heading = block.title ? 'h3' : 'h2';
  return (
    <BlockShell block={block}>
      <BlockHeading title={block.title} intro={block.intro} ctx={ctx} />
      <div className="map-layout">
        <div className="map-frame">
          <MapSvg view={view} pins={pins} radius={radius} title={t(ctx.locale, 'blocks.map.title')} titleId={`map-title-${block.id ?? index}`} />
        </div>
        <div className="map-side">
          {groups.length > MAP_PINS_MAX ? (
            <RegionList groups={groups} ctx={ctx} heading={Heading} />
          ) : groups.length > 0 ? (
            <LocationList locations={groups} ctx={ctx} heading={Heading} />
          ) : <p className="empty-text">{t(ctx.locale, 'blocks.map.noGroups')}</p>}
          {online.length > 0 ? (
            <div className="map-online">
              <Heading className="map-online-title">{t(ctx.locale, 'blocks.map.onlineTitle')}</Heading>
              <ul className="card-list" role="list">
                {online.map((l) => (
                  <LocationCard key={l.id} record={l} ctx={ctx} heading="h3" />
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </div>
    </BlockShell>
  );
}
