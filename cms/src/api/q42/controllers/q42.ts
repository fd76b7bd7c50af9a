import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { parseAge, searchLocations, toSlug, type District, type Location } from '../services/search';

type StoredDistrict = { [field: string]: unknown; id: number; name: string; slug: string; municipalities?: Array<{ name: string; postcodeAreas?: Array<{ code: string }> | null }> | null };
type Ctx = { query: Record<string, unknown>; state: { auth?: unknown }; body: unknown; notFound(message?: string): void };

const DISTRICT = 'api::district.district';
const LOCATION = 'api::location.location';

/** A 400 in the shape of Strapi's query validation (the snapshot answers the same). */
function queryError(message: string, param: string): errors.ValidationError {
  return new errors.ValidationError(message, { key: param, path: null, source: 'query', param });
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  async function localeOf(query: Record<string, unknown>): Promise<string> {
    const locale = typeof query.locale === 'string' && query.locale !== '' ? query.locale : await strapi.plugin('i18n').service('locales').getDefaultLocale();
    const known = (await strapi.plugin('i18n').service('locales').find()) as Array<{ code: string }>;
    if (!known.some((l) => l.code === locale)) throw queryError(`Invalid locale ${locale}`, 'locale');
    return locale;
  }

  /** Published records of a locale, populated and sanitised as the REST API gives them. */
  async function published<T>(ctx: Ctx, uid: typeof DISTRICT | typeof LOCATION, locale: string, populate: Record<string, unknown>): Promise<T[]> {
    // Row order, as the REST list and the snapshot give them (PostgreSQL has no order of its own).
    const records = await strapi.documents(uid).findMany({ locale, status: 'published', populate, sort: 'id:asc' } as never);
    const sanitized = await strapi.contentAPI.sanitize.output(records, strapi.getModel(uid), { auth: ctx.state.auth });
    return sanitized as T[];
  }

  // A municipality's postcode areas are rows an editor fills in (`[{ code: '4001' }]`); the search
  // and the districts answer use the codes themselves.
  const districtsOf = async (ctx: Ctx, locale: string): Promise<District[]> =>
    (await published<StoredDistrict>(ctx, DISTRICT, locale, { municipalities: { populate: { postcodeAreas: true } } })).map((district) => ({
      ...district,
      municipalities: (district.municipalities ?? []).map((m) => ({ ...m, postcodeAreas: (m.postcodeAreas ?? []).map((area) => area.code) })),
    }));
  // A location carries its district as a reference and its image with the model's fields, as
  // the site's content model (and the embedded snapshot) has them.
  const locationsOf = (ctx: Ctx, locale: string) =>
    published<Location>(ctx, LOCATION, locale, {
      district: { fields: ['name', 'slug'] },
      image: { fields: ['name', 'alternativeText', 'caption', 'width', 'height', 'ext', 'mime', 'url'] },
    });

  return {
    async districts(ctx: Ctx) {
      const locale = await localeOf(ctx.query);
      const districts = await districtsOf(ctx, locale);
      const id = ctx.query.id;
      if (id === undefined || id === '') {
        ctx.body = { data: districts.map((d) => ({ id: d.id, name: d.name })) };
        return;
      }
      const wanted = String(id);
      const district = districts.find((d) => String(d.id) === wanted || d.documentId === wanted);
      if (!district) return ctx.notFound(`District ${wanted} not found`);
      const slug = district.slug || toSlug(String(district.name ?? ''));
      const locations = await locationsOf(ctx, locale);
      ctx.body = {
        data: {
          id: district.id,
          name: district.name,
          slug,
          description: district.description ?? null,
          municipalities: (district.municipalities ?? []).map((m) => ({ name: m.name, postcodeAreas: m.postcodeAreas ?? [] })),
          locations: locations.filter((l) => l.district && (l.district.slug === slug || l.district.id === district.id)),
        },
      };
    },

    async search(ctx: Ctx) {
      const locale = await localeOf(ctx.query);
      const age = parseAge(ctx.query.age);
      if (age === null) throw queryError('age must be a whole number from 0 to 120', 'age');
      const [districts, locations] = await Promise.all([districtsOf(ctx, locale), locationsOf(ctx, locale)]);
      ctx.body = {
        data: searchLocations({
          zipcode: typeof ctx.query.zipcode === 'string' ? ctx.query.zipcode : '',
          age,
          districts: districts.map((d) => ({ ...d, slug: d.slug || toSlug(String(d.name ?? '')) })),
          locations: locations.filter((l) => typeof l.minAge === 'number' && typeof l.maxAge === 'number' && typeof l.mode === 'string'),
        }),
      };
    },
  };
};
