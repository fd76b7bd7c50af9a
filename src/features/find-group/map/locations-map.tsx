import { pathTo } from '../../../routing/path-to';
import type { Location } from '../../../content/model';
import { t } from '../../../i18n/intl';
import { BlockHeading } from '../../../blocks/block-heading';
import type { BlockProps } from '../../../blocks/block-props';
import { BlockShell } from '../../../blocks/block-shell';
import { agesText, meetingText } from '../../../blocks/location-texts';
import { loadRelated } from '../../../blocks/load-related';
import { fitViewport, projectAll, spreadPins, targetRadius } from './map-layout';
import { inBounds } from './map-projection';
import { MapSvg } from './map-svg';
import { LocationCard } from '../../../blocks/people-cards';
import { LocationList } from './location-list';

type Placed = Location & { lat: number; lng: number };
const placed = (l: Location): l is Placed => l.mode === 'in-real-life' && typeof l.lat === 'number' && typeof l.lng === 'number' && inBounds(l.lat, l.lng);

/** Our groups on a map of the Netherlands, with the same groups as a list beside it. */
export async function LocationsMapBlock({ block, ctx, index }: BlockProps<'blocks.locations-map'>) {
  const result = await loadRelated(ctx, block, () => ctx.services.content.all('locations', { locale: ctx.locale, sort: ['name:asc'] }));
  if (!result) return null;
  const inDistrict = (l: Location) => !block.district || l.district?.slug === block.district;
  const groups = result.items.filter((l) => l.mode === 'in-real-life' && inDistrict(l));
  const onMap = groups.filter(placed);
  const online = block.showOnline ? result.items.filter((l) => l.mode === 'online') : [];
  const view = fitViewport(projectAll(onMap));
  const radius = targetRadius(view);
  const spots = spreadPins(projectAll(onMap), radius);
  const pins = onMap.map((l, i) => ({
    key: l.slug,
    href: pathTo('locatie-slug', ctx.locale, { slug: l.slug }),
    label: t(ctx.locale, 'blocks.map.marker', { name: l.name, place: [l.city, meetingText(ctx.locale, l), agesText(ctx.locale, l)].filter(Boolean).join(', ') }),
    at: spots[i] ?? { x: 0, y: 0 },
  }));
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
          {groups.length > 0 ? <LocationList locations={groups} ctx={ctx} heading={Heading} /> : <p className="empty-text">{t(ctx.locale, 'blocks.map.noGroups')}</p>}
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
