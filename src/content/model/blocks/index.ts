import { z } from 'zod';
import { blogFilterBarBlockSchema, collectionListBlockSchema, locationsMapBlockSchema, paginationBlockSchema } from './collections';
import { buttonsBlockSchema, callToActionBlockSchema, dividerBlockSchema, foundationFactsBlockSchema, introBlockSchema, textBlockSchema, textWithMediaBlockSchema } from './content';
import {
  donationStatusBlockSchema,
  formBlockSchema,
  socialLifeBlockSchema,
  supportBlockSchema,
  supportOurMissionBlockSchema,
  testResultBlockSchema,
} from './engagement';
import {
  faqBlockSchema,
  heroCardsBlockSchema,
  itemListBlockSchema,
  partnerItemBlockSchema,
  teamMemberItemsBlockSchema,
  updatesBlockSchema,
} from './lists';

export * from './collections';
export * from './content';
export * from './engagement';
export * from './lists';

const blockSchemas = [
  buttonsBlockSchema,
  callToActionBlockSchema,
  collectionListBlockSchema,
  dividerBlockSchema,
  donationStatusBlockSchema,
  faqBlockSchema,
  formBlockSchema,
  heroCardsBlockSchema,
  itemListBlockSchema,
  locationsMapBlockSchema,
  socialLifeBlockSchema,
  supportBlockSchema,
  supportOurMissionBlockSchema,
  testResultBlockSchema,
  textBlockSchema,
  textWithMediaBlockSchema,
  updatesBlockSchema,
  blogFilterBarBlockSchema,
  partnerItemBlockSchema,
  introBlockSchema,
  paginationBlockSchema,
  teamMemberItemsBlockSchema,
  foundationFactsBlockSchema,
] as const;

/** One entry of a page's dynamic zone, told apart by `__component`. */
export const blockSchema = z.discriminatedUnion('__component', blockSchemas);
export type Block = z.infer<typeof blockSchema>;
export type BlockComponent = Block['__component'];
export type BlockOf<C extends BlockComponent> = Extract<Block, { __component: C }>;

export const blockComponents = blockSchemas.map((s) => s.shape.__component.value) as BlockComponent[];

export function isBlockComponent(value: unknown): value is BlockComponent {
  return typeof value === 'string' && (blockComponents as string[]).includes(value);
}
