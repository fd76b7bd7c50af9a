import type { Logger } from 'pino';
import type { ContentClient } from './client';
import type { DistrictDetail, DistrictSummary } from './content-types';
import { slugify } from './slugify';

/**
 * The districts store of the spec: the list first (`GET /q42/districts`), then the detail of
 * the district whose slug matches (`?id=`), merged into its list entry. A failing list is
 * ignored (empty list; the find-a-group form still works by postcode), as is a failing detail.
 */
export const DEFAULT_DISTRICT_SLUG = 'rivierenland';

export type DistrictEntry = DistrictSummary & { slug: string } & Partial<DistrictDetail>;

export type DistrictsState = {
  /** True while the list is being fetched. */
  loading: boolean;
  districts: DistrictEntry[];
  /** The entry whose slug matched, with its detail merged in; null when none matched. */
  current: DistrictEntry | null;
};

export type DistrictsStore = {
  readonly state: DistrictsState;
  /** Resolves with the final state; listeners also see the `loading: true` step. */
  load(slug?: string): Promise<DistrictsState>;
  subscribe(listener: (state: DistrictsState) => void): () => void;
};

export function createDistrictsStore(options: {
  client: Pick<ContentClient, 'districts' | 'district'>;
  logger: Logger;
}): DistrictsStore {
  const { client, logger } = options;
  let state: DistrictsState = { loading: false, districts: [], current: null };
  const listeners = new Set<(state: DistrictsState) => void>();
  const set = (next: DistrictsState) => {
    state = next;
    for (const listener of listeners) listener(state);
    return state;
  };

  return {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async load(slug = DEFAULT_DISTRICT_SLUG) {
      set({ ...state, loading: true });
      let list: DistrictEntry[] = [];
      try {
        list = (await client.districts()).map((d) => ({ ...d, slug: slugify(d.name) }));
      } catch (error) {
        logger.warn({ err: error }, 'district list unavailable; continuing without districts');
      }
      set({ loading: false, districts: list, current: null });

      const entry = list.find((d) => d.slug === slug);
      if (!entry) return state;
      try {
        const detail = await client.district(entry.id);
        const merged: DistrictEntry = detail ? { ...entry, ...detail, slug: entry.slug } : entry;
        return set({ loading: false, districts: list.map((d) => (d === entry ? merged : d)), current: merged });
      } catch (error) {
        logger.warn({ err: error, slug }, 'district detail unavailable; showing the list entry only');
        return set({ ...state, current: entry });
      }
    },
  };
}

/** One-shot form for a server render: the final state for `slug`. */
export function loadDistricts(
  client: Pick<ContentClient, 'districts' | 'district'>,
  logger: Logger,
  slug: string = DEFAULT_DISTRICT_SLUG,
): Promise<DistrictsState> {
  return createDistrictsStore({ client, logger }).load(slug);
}
