import { z } from 'zod';

/**
 * Shapes of the custom `/q42/districts` route, which the content model does not cover (it
 * describes the stored district, not this answer). Locations stay loose here: one malformed
 * location must not hide the whole district.
 */
/** An entry of `GET /q42/districts`. */
export const districtSummarySchema = z.looseObject({
  id: z.union([z.number(), z.string()]),
  name: z.string().min(1),
});
export type DistrictSummary = z.infer<typeof districtSummarySchema>;

/** `GET /q42/districts?id={id}`: the district with its municipalities and locations. */
export const districtDetailSchema = districtSummarySchema.extend({
  slug: z.string().min(1),
  description: z.string().nullish(),
  municipalities: z
    .array(z.looseObject({ name: z.string(), postcodeAreas: z.array(z.string()).nullish() }))
    .default([]),
  locations: z.array(z.looseObject({})).default([]),
});
export type DistrictDetail = z.infer<typeof districtDetailSchema>;
