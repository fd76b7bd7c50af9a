import { pathTo } from '../../../routing/path-to';
import type { Location } from '../../../content/model';
import type { BlockContext } from '../../../blocks/block-context';
import { agesText, meetingText } from '../../../blocks/location-texts';

/** The map's groups as text, by district: readable without the map, and easy to scan. */
export function LocationList({ locations, ctx, heading: Heading }: { locations: Location[]; ctx: BlockContext; heading: 'h2' | 'h3' }) {
  const districts = new Map<string, Location[]>();
  for (const l of locations) {
    const name = l.district?.name ?? l.municipality ?? '';
    districts.set(name, [...(districts.get(name) ?? []), l]);
  }
  return (
    <div className="location-list">
      {[...districts].map(([district, items]) => (
        <section key={district} className="location-district">
          {district ? <Heading className="location-district-name">{district}</Heading> : null}
          <ul role="list">
            {items.map((l) => (
              <li key={l.id}>
                <a href={pathTo('locatie-slug', ctx.locale, { slug: l.slug })} className="location-link">
                  {l.name}
                </a>
                <span className="location-facts">
                  {[l.city, meetingText(ctx.locale, l), agesText(ctx.locale, l)].filter(Boolean).join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
