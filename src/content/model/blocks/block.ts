import { z } from 'zod';
import { optional } from '../common';

/**
 * Fields every dynamic-zone entry has. `__component` is the discriminator (`blocks.<kebab>`);
 * `anchor` lets an editor link to a block with `#anchor`.
 */
export function block<const Name extends string, Shape extends z.ZodRawShape>(name: Name, shape: Shape) {
  return z.looseObject({
    id: z.number().int().optional(),
    __component: z.literal(name),
    anchor: optional(z.string().regex(/^[a-z0-9-]+$/, 'anchor: lowercase letters, digits and hyphens')),
    ...shape,
  });
}
