import { z } from 'zod';
import { documentIdSchema, optional } from './common';

export const navigationNames = ['primary', 'secondary', 'footer-1', 'footer-2', 'footer-3', 'legal'] as const;
export type NavigationName = (typeof navigationNames)[number];

export const navigationItemTypes = ['INTERNAL', 'EXTERNAL'] as const;

export type NavigationItem = {
  id: number;
  documentId?: string | undefined;
  title: string;
  /** TREE: full site path for INTERNAL items, the URL for EXTERNAL ones. FLAT: null for EXTERNAL. */
  path: string | null;
  /** The URL of an EXTERNAL item (always in FLAT, and in this project's snapshot also in TREE). */
  externalPath?: string | null | undefined;
  type: (typeof navigationItemTypes)[number];
  /** Children in TREE answers; FLAT answers have null. */
  items?: NavigationItem[] | null | undefined;
  [extra: string]: unknown;
};

const hasTarget = (item: { type: string; path: string | null; externalPath?: string | null | undefined }) =>
  item.type === 'INTERNAL' ? item.path !== null : /^https?:\/\//.test(item.externalPath ?? item.path ?? '');

/** An item of the Strapi navigation plugin's render answer (plugin 3.x, TREE or FLAT). */
export const navigationItemSchema: z.ZodType<NavigationItem> = z
  .looseObject({
    id: z.number().int(),
    documentId: documentIdSchema.optional(),
    title: z.string().min(1),
    path: z.string().nullable(),
    externalPath: optional(z.string()),
    type: z.enum(navigationItemTypes),
    get items() {
      return optional(z.array(navigationItemSchema));
    },
  })
  .refine(hasTarget, { message: 'INTERNAL needs a path, EXTERNAL an http(s) URL', path: ['path'] });

export const navigationSchema = z.array(navigationItemSchema);
