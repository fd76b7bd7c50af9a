import { z } from 'zod';
import { markdownSchema, optional, recordFields, requiredText, slugSchema } from './common';
import { mediaSchema } from './media';

/** board = raad van toezicht, ambassadors = ambassadeurs, youth-council = jongerenraad. */
export const teamGroups = ['board', 'ambassadors', 'youth-council'] as const;
export const teamGroupSchema = z.enum(teamGroups);
export type TeamGroup = z.infer<typeof teamGroupSchema>;

/** Strapi enumerations allow spaces and an early content type used `youth council`. */
const normaliseGroup = (value: unknown) => (value === 'youth council' ? 'youth-council' : value);

export const teamMemberSchema = z.looseObject({
  ...recordFields,
  name: requiredText,
  slug: slugSchema,
  role: optional(z.string()),
  group: z.preprocess(normaliseGroup, teamGroupSchema),
  bio: optional(markdownSchema),
  photo: optional(mediaSchema),
  /** Position within the group; lower first. */
  order: optional(z.number().int()),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
