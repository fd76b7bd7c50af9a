import { z } from 'zod';
import { buttonSchema } from '../button';
import { blogCategorySchema } from '../blog-post';
import { markdownSchema, optional, rowsOf, slugSchema } from '../common';
import { locationModeSchema } from '../location';
import { teamGroupSchema } from '../team-member';
import { block } from './block';

/** Blocks that list records of a collection, or steer such a list. */

export const listableCollections = [
  'blog-posts',
  'courses',
  'vacancies',
  'locations',
  'partners',
  'team-members',
  'events',
] as const;
export const listableCollectionSchema = z.enum(listableCollections);
export type ListableCollection = z.infer<typeof listableCollectionSchema>;

export const collectionListBlockSchema = block('blocks.collection-list', {
  title: optional(z.string()),
  intro: optional(markdownSchema),
  collection: listableCollectionSchema,
  /** Each filter applies only to the collection that has the field. */
  filter: optional(
    z.looseObject({
      id: z.number().int().optional(),
      category: optional(blogCategorySchema),
      group: optional(teamGroupSchema),
      district: optional(slugSchema),
      mode: optional(locationModeSchema),
      /** One event by its slug: an event's page shows its own date and place. */
      event: optional(slugSchema),
    }),
  ),
  /** Empty shows all (or one page of them when a pagination block follows). */
  limit: optional(z.number().int().min(1).max(100)),
  emptyText: optional(z.string()),
  link: optional(buttonSchema),
});

/** Category chips above a blog list; they set `?categorie=` on the page's own address. */
export const blogFilterBarBlockSchema = block('blocks.blog-filter-bar', {
  allLabel: optional(z.string()),
  /** Empty means all four categories. */
  categories: optional(rowsOf('category', blogCategorySchema)),
});

/** Splits the collection list above it into pages of `pageSize` (`?pagina=`). */
export const paginationBlockSchema = block('blocks.pagination', {
  pageSize: z.number().int().min(1).max(100),
});

export const locationsMapBlockSchema = block('blocks.locations-map', {
  title: optional(z.string()),
  intro: optional(markdownSchema),
  /** Slug of the district to zoom in on; empty shows all districts. */
  district: optional(slugSchema),
  /** The online group has no place on the map; this adds a card for it next to the map. */
  showOnline: optional(z.boolean()),
});
