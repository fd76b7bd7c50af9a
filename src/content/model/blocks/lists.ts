import { z } from 'zod';
import { buttonSchema } from '../button';
import { blogCategorySchema } from '../blog-post';
import { markdownSchema, optional, requiredText, rowsOf } from '../common';
import { mediaSchema } from '../media';
import { partnerRefSchema } from '../partner';
import { teamGroupSchema, teamMemberSchema } from '../team-member';
import { block } from './block';

/** Blocks that show a list of items written in the block itself or picked by the editor. */

const cardSchema = z.looseObject({
  id: z.number().int().optional(),
  title: requiredText,
  body: optional(markdownSchema),
  image: optional(mediaSchema),
  link: optional(buttonSchema),
});

/** The home's opening: a big heading with cards for each kind of visitor. */
export const heroCardsBlockSchema = block('blocks.hero-cards', {
  title: requiredText,
  subtitle: optional(markdownSchema),
  image: optional(mediaSchema),
  cards: z.array(cardSchema).min(1),
});

export const faqBlockSchema = block('blocks.faq', {
  title: optional(z.string()),
  intro: optional(markdownSchema),
  items: z
    .array(
      z.looseObject({ id: z.number().int().optional(), question: requiredText, answer: markdownSchema }),
    )
    .min(1),
});

export const itemListBlockSchema = block('blocks.item-list', {
  title: optional(z.string()),
  intro: optional(markdownSchema),
  /** Numbered for steps, check for benefits, icon for a grid of topics. */
  style: optional(z.enum(['numbered', 'check', 'icon'])),
  items: z
    .array(
      z.looseObject({
        id: z.number().int().optional(),
        title: requiredText,
        body: optional(markdownSchema),
        icon: optional(z.string()),
        image: optional(mediaSchema),
      }),
    )
    .min(1),
});

/** The newest blog posts (and the coming event), newest first. */
export const updatesBlockSchema = block('blocks.updates', {
  title: optional(z.string()),
  intro: optional(markdownSchema),
  /** Empty means every category. */
  categories: optional(rowsOf('category', blogCategorySchema)),
  limit: optional(z.number().int().min(1).max(12)),
  showEvent: optional(z.boolean()),
  link: optional(buttonSchema),
});

/** One partner in the spotlight, with a few words on what the partnership does. */
export const partnerItemBlockSchema = block('blocks.partner-item', {
  /** Null when the partner was deleted; the block then renders nothing. */
  partner: optional(partnerRefSchema),
  quote: optional(z.string()),
  quoteAuthor: optional(z.string()),
  body: optional(markdownSchema),
});

/** People of one team group, with links to their own pages. */
export const teamMemberItemsBlockSchema = block('blocks.team-member-items', {
  title: optional(z.string()),
  intro: optional(markdownSchema),
  group: teamGroupSchema,
  /** Picked and ordered by hand; empty means everyone in the group by `order`. */
  members: optional(z.array(teamMemberSchema)),
});
