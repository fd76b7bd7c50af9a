import { z } from 'zod';
import { dateSchema, markdownSchema, optional, recordFields, requiredText, slugSchema, valuesOf, webUrlSchema } from './common';
import { mediaSchema } from './media';
import { seoSchema } from './seo';

export const blogCategories = ['media', 'stories', 'news', 'vlog'] as const;
export const blogCategorySchema = z.enum(blogCategories);
export type BlogCategory = z.infer<typeof blogCategorySchema>;
/** The categories a block chose (rows of one category each); empty when it chose none. */
export const blogCategoriesOf = (list: ReadonlyArray<BlogCategory | Record<string, unknown>> | null | undefined): BlogCategory[] => valuesOf<BlogCategory>(list, 'category');

export const blogPostSchema = z.looseObject({
  ...recordFields,
  title: requiredText,
  slug: slugSchema,
  category: blogCategorySchema,
  /** Shown on cards and as the meta description when the SEO field is empty. */
  excerpt: optional(z.string()),
  body: markdownSchema,
  cover: optional(mediaSchema),
  /** The date readers see; editors set it, unlike Strapi's own `publishedAt`. */
  publishedDate: optional(dateSchema),
  author: optional(z.string()),
  /** Vlogs: the video's page; rendered as a link so no player loads before consent. */
  videoUrl: optional(webUrlSchema),
  seo: optional(seoSchema),
});
export type BlogPost = z.infer<typeof blogPostSchema>;
