import type { Logger } from 'pino';
import type { ContentClient } from './client';
import type { DistrictDetail, DistrictSummary } from './content-types';
import { slugify } from './slugify';

/**
 * The districts: the list first (`GET /q42/districts`), then the detail of
 * the district whose slug matches (`?id=`), merged into its list entry. A failing list is
 * ignored (empty list; the find-a-group form still works by postcode), as is a failing detail.
 */
export const DEFAULT_DISTRICT_SLUG = 'rivierenland';

export type DistrictEntry = DistrictSummary & { slug: string } & Partial<DistrictDetail>;

export type DistrictsState = {
  districts: DistrictEntry[];
  /** The entry whose slug matched, with its detail merged in; null when none matched. */
  current: DistrictEntry | null;
};

/** The districts for a server render: the list, and the detail of `slug` merged into its entry;
 * in `locale` when given (the route's `locale`), else in the content service's first language. */
export async function loadDistricts(
  client: Pick<ContentClient, 'districts' | 'district'>,
  logger: Logger,
  slug: string = DEFAULT_DISTRICT_SLUG,
  locale?: string,
): Promise<DistrictsState> {
  let districts: DistrictEntry[] = [];
  try {
    districts = (await client.districts(locale)).map((d) => ({ ...d, slug: slugify(d.name) }));
  } catch (error) {
    logger.warn({ err: error }, 'district list unavailable; continuing without districts');
  }
  const entry = districts.find((d) => d.slug === slug);
  if (!entry) return { districts, current: null };
  try {
    const detail = await client.district(entry.id, locale);
    const current: DistrictEntry = detail ? { ...entry, ...detail, slug: entry.slug } : entry;
    return { districts: districts.map((d) => (d === entry ? current : d)), current };
  } catch (error) {
    logger.warn({ err: error, slug }, 'district detail unavailable; showing the list entry only');
    return { districts, current: entry };
  }
}
