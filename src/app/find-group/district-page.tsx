// /regio/:slug: one district (region), its description and its in-real-life groups, each
// with its day, place and ages and the links to sign up or read more.
import type { District, Location } from '../../content/model';
import type { RouteDef } from '../../framework/route-types';
import { ft } from '../../i18n/messages/find-group';
import { RichText } from '../../blocks/rich-text';
import type { Services } from '../services';
import { DetailBody, DetailHeader } from '../pages/detail/parts';
import { GroupList } from './search-outcome';

type DistrictData = { district: District; locations: Location[] };

export const districtRoute: RouteDef<DistrictData, Services> = {
  name: 'regio-slug',
  path: '/regio/:slug',
  layout: 'default',
  async load({ services, params, locale }) {
    const slug = params.slug ?? '';
    if (!/^[a-z0-9-]{1,120}$/.test(slug)) return { kind: 'not-found' };
    const [districts, locations] = await Promise.all([
      services.content.list('districts', { locale, filters: { slug: { $eq: slug } }, pageSize: 1 }),
      services.content.list('locations', { locale, sort: ['name:asc'], pageSize: 100 }),
    ]);
    const district = districts.items.find((d) => d.slug === slug);
    if (!district) return { kind: 'not-found' };
    const inDistrict = locations.items.filter((l) => l.mode === 'in-real-life' && l.district?.slug === slug);
    return { kind: 'ok', data: { district, locations: inDistrict } };
  },
  title: ({ district }) => district.name,
  seo: ({ district }, { locale }) => ({ description: ft(locale, 'findGroup.district.description', { district: district.name }) }),
  page: ({ district, locations }, ctx) => {
    const l = ctx.locale;
    const blockCtx = { locale: l, pathname: ctx.pathname, query: ctx.query, services: ctx.services };
    return (
      <article className="detail detail-district">
        <DetailHeader back={{ href: '/locaties', label: ft(l, 'findGroup.district.back') }} eyebrow={ft(l, 'findGroup.district.eyebrow')} title={district.name} />
        <DetailBody>
          {district.description ? <RichText markdown={district.description} origin={ctx.services.publicConfig.publicOrigin} className="detail-text" /> : null}
          <h2>{ft(l, 'findGroup.region.groups', { district: district.name })}</h2>
          {locations.length > 0 ? <GroupList ctx={blockCtx} locations={locations} /> : <p>{ft(l, 'findGroup.district.none')}</p>}
          <p>{ft(l, 'findGroup.district.municipalities', { list: district.municipalities.map((m) => m.name).join(', ') })}</p>
        </DetailBody>
      </article>
    );
  },
};
