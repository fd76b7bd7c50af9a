import { z } from 'zod';
import { dateTimeSchema, linkSchema, markdownSchema, optional, recordFields, requiredText, slugSchema } from './common';
import { mediaSchema } from './media';
import { seoSchema } from './seo';

export const eventSchema = z
  .looseObject({
    ...recordFields,
    title: requiredText,
    /** The header button's name for it ("Event: {shortTitle}"), e.g. without the year; else the title. */
    shortTitle: optional(z.string()),
    /** The page with the same slug is this event's page. */
    slug: slugSchema,
    startsAt: dateTimeSchema,
    endsAt: optional(dateTimeSchema),
    venue: optional(z.string()),
    address: optional(z.string()),
    city: optional(z.string()),
    description: optional(markdownSchema),
    ticketUrl: optional(linkSchema),
    image: optional(mediaSchema),
    seo: optional(seoSchema),
    /** Editors mark the event the header's button should point to while it is to come. */
    promoted: optional(z.boolean()),
  })
  .refine((e) => !e.endsAt || Date.parse(e.endsAt) >= Date.parse(e.startsAt), {
    message: 'endsAt must not be before startsAt',
    path: ['endsAt'],
  });
export type Event = z.infer<typeof eventSchema>;
