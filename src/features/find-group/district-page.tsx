// /regio/:slug: one district (region), its description and its in-real-life groups, each
// with its day, place and ages and the links to sign up or read more. In English, what the
// region lacks in English (its description, or the whole region) is the Dutch record's, marked
// as Dutch so a screen reader reads it as Dutch.
import { pathTo } from '../../routing/path-to';
import type { ReactNode } from 'react';
import type { Location } from '../../content/model';
import { FIRST_LOCALE, type Locale } from '../../i18n/locale';
import type { PageRoute } from '../../routing/route-types';
import { t } from '../../i18n/intl';
import { RichText } from '../../blocks/rich-text';
import type { Services } from '../../routing/services';
import { DetailBody, DetailHeader } from '../../blocks/detail-parts';
import { GroupList } from './views/group-list';
import { pageFrom, pageOf } from '../../blocks/list-pages';
import { PageLinks } from '../../blocks/page-links';

type RegionInfo = { name: string; slug: string; description?: string | null; municipalities: { name: string }[]; locations: string[] };
/** The region as the page shows it: what is not written in the page's language is the Dutch
 * record's, and says so (`nameLang`, `descriptionLang`: lang="nl"). */
type Region = Omit<RegionInfo, 'description'> & { description: string | null; nameLang?: Locale; descriptionLang?: Locale };
type DistrictData = { district: Region; locations: Location[] };

export const districtRoute: PageRoute<DistrictData, Services, ReactNode> = {
  layout: 'default',
  async load({ services, params, locale }) {
    const slug = params.slug ?? '';
    if (!/^[a-z0-9-]{1,120}$/.test(slug)) return { kind: 'not-found' };
    const [own, locations] = await Promise.all([regionIn(services, slug, locale), services.content.all('locations', { locale, sort: ['name:asc'] })]);
    // A region (or its description) not written in the page's language: the Dutch one's.
    const dutch = locale !== FIRST_LOCALE && !own?.description ? await regionIn(services, slug, FIRST_LOCALE) : null;
    const region = own ?? dutch;
    if (!region) return { kind: 'not-found' };
    const description = own?.description || dutch?.description || null;
    const district: Region = {
      ...region,
      description,
      nameLang: own ? undefined : FIRST_LOCALE,
      descriptionLang: description && !own?.description ? FIRST_LOCALE : undefined,
    };
    // The detail names its locations; without a detail, the locations that name the district.
    const named = new Set(region.locations);
    const inDistrict = locations.items.filter((l) => l.mode === 'in-real-life' && (named.size > 0 ? named.has(l.slug) : l.district?.slug === slug));
    return { kind: 'ok', data: { district, locations: inDistrict } };
  },
  title: ({ district }) => district.name,
  seo: ({ district }, { locale }) => ({ description: t(locale, 'findGroup.district.description', { district: district.name }) }),
  page: ({ district, locations }, ctx) => {
    const l = ctx.locale;
    const blockCtx = { locale: l, pathname: ctx.pathname, query: ctx.query, services: ctx.services };
    // Every group of the region, a page at a time: the region's page is where a map's pin, a
    // search and the groups list link to for all of them.
    const shown = pageOf(locations, pageFrom(ctx.query));
    return (
      <article className="detail detail-district">
        <DetailHeader back={{ href: pathTo('locaties', l), label: t(l, 'findGroup.district.back') }} eyebrow={t(l, 'findGroup.district.eyebrow')} title={district.name} titleLang={district.nameLang} />
        <DetailBody>
          <RichText markdown={district.description} origin={ctx.services.publicConfig.publicOrigin} className="detail-text" lang={district.descriptionLang} />
          <h2>{t(l, 'findGroup.region.groups', { district: district.name })}</h2>
          {locations.length > 0 ? (
            <>
              {shown.pageCount > 1 ? <p>{t(l, 'findGroup.district.count', { count: locations.length, page: shown.page, pages: shown.pageCount })}</p> : null}
              <GroupList ctx={blockCtx} locations={shown.items} />
              <PageLinks ctx={blockCtx} page={shown.page} pageCount={shown.pageCount} />
            </>
          ) : (
            <p>{t(l, 'findGroup.district.none')}</p>
          )}
          {district.municipalities.length > 0 ? <p>{t(l, 'findGroup.district.municipalities', { list: district.municipalities.map((m) => m.name).join(', ') })}</p> : null}
        </DetailBody>
      </article>
    );
  },
};

/** The region in one language: the districts store's entry (the list, then its detail), or, when
 * the districts route fails, the district's own record (cached like all content). */
async function regionIn(services: Services, slug: string, locale: Locale): Promise<RegionInfo | null> {
  const store = await services.content.districts(slug, locale);
  const entry = store.current;
  if (entry) {
    const locations = (entry.locations ?? []).map((l) => (typeof l.slug === 'string' ? l.slug : '')).filter(Boolean);
    return { name: entry.name, slug: entry.slug, description: entry.description, municipalities: entry.municipalities ?? [], locations };
  }
  const record = await services.content.entry('districts', slug, locale);
  return record ? { name: record.name, slug: record.slug, description: record.description, municipalities: record.municipalities, locations: [] } : null;
}
