import { z } from 'zod';
import { blogPostSchema } from './blog-post';
import { courseSchema } from './course';
import { districtSchema } from './district';
import { eventSchema } from './event';
import { globalSettingsSchema } from './global';
import { locationSchema } from './location';
import { lonelinessTestSchema } from './loneliness-test';
import { pageSchema } from './page';
import { partnerSchema } from './partner';
import { teamMemberSchema } from './team-member';
import { vacancySchema } from './vacancy';

/** Collection types by their REST name (`/api/{name}`), which is also the snapshot file name. */
export const collectionSchemas = {
  pages: pageSchema,
  'blog-posts': blogPostSchema,
  courses: courseSchema,
  vacancies: vacancySchema,
  locations: locationSchema,
  districts: districtSchema,
  'team-members': teamMemberSchema,
  partners: partnerSchema,
  events: eventSchema,
} as const;
export type CollectionName = keyof typeof collectionSchemas;
export type CollectionRecord<C extends CollectionName> = z.infer<(typeof collectionSchemas)[C]>;
export const collectionNames = Object.keys(collectionSchemas) as CollectionName[];

/** Single types by their REST name (`/api/{name}`). */
export const singleTypeSchemas = {
  global: globalSettingsSchema,
  'loneliness-test': lonelinessTestSchema,
} as const;
export type SingleTypeName = keyof typeof singleTypeSchemas;
export type SingleTypeRecord<S extends SingleTypeName> = z.infer<(typeof singleTypeSchemas)[S]>;
export const singleTypeNames = Object.keys(singleTypeSchemas) as SingleTypeName[];
