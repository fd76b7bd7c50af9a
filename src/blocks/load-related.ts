import type { BlockRecord } from '../content/site-content';
import type { BlockContext } from './block-context';

/**
 * Loads what a block shows beside its own record. A failure leaves the block out (null) with
 * one log line: a list that cannot load must not take the rest of the page with it.
 */
export async function loadRelated<T>(ctx: BlockContext, block: BlockRecord, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    ctx.services.logger.warn(
      { err: error, block: block.__component, path: ctx.pathname, locale: ctx.locale },
      'related content of a block failed to load; block left out',
    );
    return null;
  }
}
