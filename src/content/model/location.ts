import { z } from 'zod';
import { markdownSchema, optional, recordFields, requiredText, slugSchema } from './common';
import { districtRefSchema } from './district';
import { mediaSchema } from './media';
import { ONLINE_MIN_AGE, PARTICIPANT_MAX_AGE, PARTICIPANT_MIN_AGE } from '../../forms/age-limits';
import { isValidPostcode } from '../../forms/postcode';

export const meetingDays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const meetingDaySchema = z.enum(meetingDays);
export type MeetingDay = z.infer<typeof meetingDaySchema>;

export const locationModes = ['in-real-life', 'online'] as const;
export const locationModeSchema = z.enum(locationModes);
export type LocationMode = z.infer<typeof locationModeSchema>;

export const meetingFrequencies = ['weekly', 'biweekly'] as const;

export const postcodeSchema = z.string().refine(isValidPostcode, 'postcode: 1234 AB');

/** Each group picks its own range inside the participants' ages. */
const age = z.number().int().min(PARTICIPANT_MIN_AGE).max(PARTICIPANT_MAX_AGE);

/** A group: where and when it meets and for which ages. */
export const locationSchema = z
  .looseObject({
    ...recordFields,
    name: requiredText,
    slug: slugSchema,
    /** Null for the online group, which belongs to no district. */
    district: optional(districtRefSchema),
    municipality: optional(z.string()),
    address: optional(z.string()),
    postcode: optional(postcodeSchema),
    city: optional(z.string()),
    meetingDay: meetingDaySchema,
    /** Free text, e.g. "19.00 tot 21.00 uur". */
    meetingTime: optional(z.string()),
    /** Real-life groups meet every two weeks, the online group weekly. */
    frequency: optional(z.enum(meetingFrequencies)),
    minAge: age,
    maxAge: age,
    mode: locationModeSchema,
    lat: optional(z.number().min(-90).max(90)),
    lng: optional(z.number().min(-180).max(180)),
    description: optional(markdownSchema),
    image: optional(mediaSchema),
  })
  .refine((l) => l.minAge <= l.maxAge, { message: 'minAge must not exceed maxAge', path: ['maxAge'] })
  .refine((l) => l.mode !== 'online' || l.minAge >= ONLINE_MIN_AGE, {
    message: `the online group starts at ${ONLINE_MIN_AGE}`,
    path: ['minAge'],
  });
export type Location = z.infer<typeof locationSchema>;
