import { z } from 'zod';
import { isPostcodeArea } from '../../forms/postcode';
import { markdownSchema, optional, recordFields, relationFields, requiredText, rowsOf, slugSchema, toSlug, valuesOf } from './common';

/** The first four digits of a Dutch postcode; never starts with 0. */
export const postcodeAreaSchema = z.string().refine(isPostcodeArea, 'postcode area: four digits, not starting with 0');

export const municipalitySchema = z.looseObject({
  id: z.number().int().optional(),
  name: requiredText,
  /** Find-a-group matches a visitor's postcode against these. */
  postcodeAreas: rowsOf('code', postcodeAreaSchema).min(1),
});
export type Municipality = z.infer<typeof municipalitySchema>;
/** A municipality's postcode areas as codes (`4001`). */
export const areaCodesOf = (municipality: Pick<Municipality, 'postcodeAreas'>): string[] => valuesOf<string>(municipality.postcodeAreas, 'code');

/** A district's slug is its name, lowercased in strict form; a mismatch would break
 * `/q42/districts?id=`. */
const slugMatchesName = (d: { name: string; slug: string }) => d.slug === toSlug(d.name);

export const districtSchema = z
  .looseObject({
    ...recordFields,
    name: requiredText,
    slug: slugSchema,
    municipalities: z.array(municipalitySchema),
    description: optional(markdownSchema),
  })
  .refine(slugMatchesName, { message: 'slug must be the strict slug form of the name', path: ['slug'] });
export type District = z.infer<typeof districtSchema>;

/** A district as a location inlines it. */
export const districtRefSchema = z
  .looseObject({ ...relationFields, name: requiredText, slug: slugSchema })
  .refine(slugMatchesName, { message: 'slug must be the strict slug form of the name', path: ['slug'] });
export type DistrictRef = z.infer<typeof districtRefSchema>;
