import { z } from 'zod';
import { blockSchema, isBlockComponent } from './blocks';
import { optional, pageSlugSchema, recordFields, requiredText } from './common';
import { seoSchema } from './seo';

export const colorModes = ['light', 'dark'] as const;
export const pageLayouts = ['default', 'doe-de-test'] as const;

/**
 * A block type added in Strapi before the site knows it must not take the whole page down,
 * so unknown components are left out; a known component with bad fields still fails.
 * An unpopulated dynamic zone is absent, which reads as no blocks.
 */
function knownBlocksOnly(value: unknown): unknown {
  if (value == null) return [];
  if (!Array.isArray(value)) return value;
  return value.filter((entry: unknown) => {
    const component = (entry as { __component?: unknown } | null)?.__component;
    return isBlockComponent(component);
  });
}

export const pageBlocksSchema = z.preprocess(knownBlocksOnly, z.array(blockSchema));

export const pageSchema = z.looseObject({
  ...recordFields,
  title: requiredText,
  /** `home` for the home page; nested pages carry their full path (`over-ons/ons-team`). */
  slug: pageSlugSchema,
  seo: optional(seoSchema),
  /** Forces the colour mode on this page; null follows the visitor's preference. */
  colorMode: optional(z.enum(colorModes)),
  layout: optional(z.enum(pageLayouts)),
  blocks: pageBlocksSchema,
});
export type Page = z.infer<typeof pageSchema>;

export const HOME_SLUG = 'home';
