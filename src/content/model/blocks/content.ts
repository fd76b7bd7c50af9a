import { z } from 'zod';
import { buttonSchema } from '../button';
import { markdownSchema, optional, requiredText } from '../common';
import { mediaSchema } from '../media';
import { block } from './block';

/** Blocks that show an editor's own words, pictures and buttons. */

export const textBlockSchema = block('blocks.text', {
  title: optional(z.string()),
  body: markdownSchema,
  /** Narrow keeps long reading text at a comfortable line length. */
  width: optional(z.enum(['narrow', 'wide'])),
});

export const textWithMediaBlockSchema = block('blocks.text-with-media', {
  title: optional(z.string()),
  body: markdownSchema,
  media: mediaSchema,
  mediaPosition: optional(z.enum(['left', 'right'])),
  buttons: optional(z.array(buttonSchema)),
});

/** The opening of a page: its heading and a short lead. */
export const introBlockSchema = block('blocks.intro', {
  /** Small line above the title, e.g. the section name. */
  eyebrow: optional(z.string()),
  title: requiredText,
  lead: optional(markdownSchema),
  image: optional(mediaSchema),
  buttons: optional(z.array(buttonSchema)),
});

export const dividerBlockSchema = block('blocks.divider', {
  style: optional(z.enum(['line', 'space', 'wave'])),
});

export const buttonsBlockSchema = block('blocks.buttons', {
  title: optional(z.string()),
  buttons: z.array(buttonSchema).min(1),
  align: optional(z.enum(['left', 'center'])),
});

export const callToActionBlockSchema = block('blocks.call-to-action', {
  title: requiredText,
  body: optional(markdownSchema),
  image: optional(mediaSchema),
  buttons: z.array(buttonSchema).min(1),
  /** Primary is the green band; gray is calmer, for the end of long pages. */
  tone: optional(z.enum(['primary', 'gray'])),
});

/** Which of the foundation's facts (from the global settings) a facts block shows. */
export const foundationFactKinds = ['contact', 'anbi'] as const;

/**
 * The foundation's facts from the global settings, each line only when it is set: how to
 * reach it (contact) or what an ANBI publishes (anbi). The intro announces them and is shown
 * only when they are all there; an ANBI block missing some says so instead.
 */
export const foundationFactsBlockSchema = block('blocks.foundation-facts', {
  title: optional(z.string()),
  facts: z.enum(foundationFactKinds),
  intro: optional(markdownSchema),
});
