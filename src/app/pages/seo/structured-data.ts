// Loaders of structured data for content pages whose JSON-LD comes from another record.
import type { LoadContext } from '../../../routing/route-types';
import type { Services } from '../../../routing/services';
import { organisationLd } from './json-ld';

/** Home: the foundation itself, with contact details from global settings. */
export async function foundationData(ctx: LoadContext<Services>) {
  const global = await ctx.services.content.globalSettings(ctx.locale);
  return [organisationLd(ctx.services.publicConfig.publicOrigin, global, true)];
}
