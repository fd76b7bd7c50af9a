// /regio/:slug: one district (region), its description and its in-real-life groups, each
// with its day, place and ages and the links to sign up or read more.
import { pathTo } from '../../routing/path-to';
import type { ReactNode } from 'react';
import type { DistrictEntry } from '../../content/districts';
import type { Location } from '../../content/model';
import type { Locale } from '../../i18n/locale';
import type { PageRoute } from '../../routing/route-types';
import { t } from '../../i18n/intl';
import { RichText } from '../../blocks/rich-text';
import type { Services } from '../../routing/services';
import { DetailBody, DetailHeader } from '../../blocks/detail-parts';
import { GroupList } from './views/group-list';

type RegionInfo = { name: string; slug: string; description?: string | null; municipalities: { name: string }[] };
type DistrictData = { district: RegionInfo; locations: Location[] };

export const districtRoute: PageRoute<DistrictData, Services, ReactNode> = {
  layout: 'default',
  async load({ services, params, locale }) {
    const slug = params.slug ?? '';
    if (!/^[a-z0-9-]{1,120}$/.test(slug)) return { kind: 'not-found' };
    // The districts store: the list, then this district's detail merged into its entry.
    const [store, locations] = await Promise.all([
      services.content.districts(slug),
      services.content.list('locations', { locale, sort: ['name:asc'], pageSize: 100 }),
    ]);
    const district = store.current ? fromStore(store.current) : await fromCollection(services, slug, locale);
    if (!district) return { kind: 'not-found' };
    // The detail names its locations; without a detail, the locations that name the district.
    const named = new Set((store.current?.locations ?? []).map((l) => (typeof l.slug === 'string' ? l.slug : '')));
    const inDistrict = locations.items.filter(
      (l) => l.mode === 'in-real-life' && (named.size > 0 ? named.has(l.slug) : l.district?.slug === slug),
    );
    return { kind: 'ok', data: { district, locations: inDistrict } };
  },
  title: ({ district }) => district.name,
  seo: ({ district }, { locale }) => ({ description: t(locale, 'findGroup.district.description', { district: district.name }) }),
  page: ({ district, locations }, ctx) => {
    const l = ctx.locale;
    const blockCtx = { locale: l, pathname: ctx.pathname, query: ctx.query, services: ctx.services };
    return (
      <article className="detail detail-district">
        <DetailHeader back={{ href: pathTo('locaties', l), label: t(l, 'findGroup.district.back') }} eyebrow={t(l, 'findGroup.district.eyebrow')} title={district.name} />
        <DetailBody>
          {district.description ? <RichText markdown={district.description} origin={ctx.services.publicConfig.publicOrigin} className="detail-text" /> : null}
          <h2>{t(l, 'findGroup.region.groups', { district: district.name })}</h2>
          {locations.length > 0 ? <GroupList ctx={blockCtx} locations={locations} /> : <p>{t(l, 'findGroup.district.none')}</p>}
          {district.municipalities.length > 0 ? <p>{t(l, 'findGroup.district.municipalities', { list: district.municipalities.map((m) => m.name).join(', ') })}</p> : null}
        </DetailBody>
      </article>
    );
  },
};

function fromStore(entry: DistrictEntry): RegionInfo {
  return { name: entry.name, slug: entry.slug, description: entry.description, municipalities: entry.municipalities ?? [] };
}

/** When the districts route fails, the district's own record (cached like all content). */
async function fromCollection(services: Services, slug: string, locale: Locale): Promise<RegionInfo | null> {
  return services.content.entry('districts', slug, locale);
}
