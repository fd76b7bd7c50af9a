// Loaders of structured data for content pages whose JSON-LD comes from another record.
import type { LoadContext } from '../../../routing/route-types';
import type { Services } from '../../../routing/services';
import { recordBySlug } from '../detail/load';
import { eventLd, organisationLd } from './json-ld';

/** Home: the foundation itself, with contact details from global settings. */
export async function foundationData(ctx: LoadContext<Services>) {
  const global = await ctx.services.content.globalSettings(ctx.locale);
  return [organisationLd(ctx.services.publicConfig.publicOrigin, global, true)];
}

/** An event page: the event record with the same slug as the page. */
export function eventData(slug: string) {
  return async (ctx: LoadContext<Services>) => {
    const event = await recordBySlug(ctx.services, 'events', slug, ctx.locale);
    return event ? [eventLd(event, ctx.services.publicConfig.publicOrigin, ctx.fullPath)] : [];
  };
}
