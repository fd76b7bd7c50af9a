import type { BlockComponent } from './blocks';
import type { CollectionName, SingleTypeName } from './registry';

/**
 * Strapi populates no media, relation or component unless asked, and `populate=*` goes one
 * level deep only. Each value is the `populate` part of a query (`{ populate: {...} }`) asking
 * for exactly what the model reads; the syntax is the same for v4 and v5, for a bracket serialiser.
 */
export type Populate = true | '*' | { populate?: '*' | { [field: string]: Populate }; on?: { [component: string]: Populate } };

const media = true;
const buttons = true;
const seo: Populate = { populate: { shareImage: media } };
const flat: Populate = { populate: '*' };

/** Typed as a full record so a new block type cannot be forgotten here. */
export const blockPopulate: Record<BlockComponent, Populate> = {
  'blocks.buttons': { populate: { buttons } },
  'blocks.call-to-action': { populate: { image: media, buttons } },
  'blocks.collection-list': { populate: { filter: true, link: true } },
  'blocks.divider': flat,
  'blocks.donation-status': { populate: { states: true } },
  'blocks.faq': { populate: { items: true } },
  'blocks.form': flat,
  'blocks.hero-cards': { populate: { image: media, cards: { populate: { image: media, link: true } } } },
  'blocks.item-list': { populate: { items: { populate: { image: media } } } },
  'blocks.locations-map': flat,
  'blocks.social-life': { populate: { posts: { populate: { image: media } } } },
  'blocks.support': { populate: { contacts: true } },
  'blocks.support-our-mission': { populate: { image: media, options: { populate: { button: true } } } },
  'blocks.test-result': flat,
  'blocks.text': flat,
  'blocks.text-with-media': { populate: { media, buttons } },
  'blocks.updates': { populate: { link: true, categories: true } },
  'blocks.blog-filter-bar': flat,
  'blocks.partner-item': { populate: { partner: { populate: { logo: media } } } },
  'blocks.intro': { populate: { image: media, buttons } },
  'blocks.pagination': flat,
  'blocks.team-member-items': { populate: { members: { populate: { photo: media } } } },
  'blocks.foundation-facts': flat,
};

export const collectionPopulate: Record<CollectionName, Populate> = {
  pages: { populate: { seo, blocks: { on: blockPopulate } } },
  'blog-posts': { populate: { cover: media, seo } },
  courses: { populate: { image: media, seo, locations: true } },
  vacancies: { populate: { seo } },
  locations: { populate: { district: true, image: media } },
  districts: { populate: { municipalities: { populate: { postcodeAreas: true } } } },
  'team-members': { populate: { photo: media } },
  partners: { populate: { logo: media } },
  events: { populate: { image: media, seo } },
};

export const singleTypePopulate: Record<SingleTypeName, Populate> = {
  global: { populate: { socials: true, board: true, defaultSeo: seo } },
  'loneliness-test': { populate: { answers: true, items: true, advice: true, helpLines: true } },
};
