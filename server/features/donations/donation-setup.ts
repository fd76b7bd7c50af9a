// Donations wired once at startup: Mollie when its key is set, else the built-in test checkout
// (which a public production site only runs when asked for by name), over the durable store.
import type { Logger } from 'pino';
import type { Db } from '../../store/database';
import type { FormSink } from '../../forms/form-post';
import { createDonationService, type DonationActions, type PaceClock } from './donation-service';
import { createDonationStore } from './donation-store';
import { createMollieGateway } from './mollie-gateway';
import { createTestCheckout, testCheckoutAllowed, type TestCheckout } from './test-checkout';
import { memoryRecords, type SharedRecords } from '../../shared/records';
import type { Router } from 'express';
import { replicaRoutes, routedDonations, type ReplicaSettings } from './donation-replicas';

export type DonationSettings = {
  mollieApiKey?: string;
  mollieApiEndpoint?: string;
  mollieMethods: readonly string[];
  mollieCheckoutOrigin: string;
  /** Runs the test checkout on a public production origin too. */
  testCheckoutEnabled: boolean;
  nodeEnv: string;
};

export type Donations = {
  service: DonationActions;
  testCheckout: TestCheckout | null;
  /** Where a donation post may be redirected beside this site (the CSP's form-action). */
  checkoutOrigin: string | null;
  /** With replicas: the endpoint on which the others ask this one about the donations it holds. */
  replicaRoutes: Router | null;
};

/** `ctx.records`: where the test checkout keeps its payments (replicas: the shared store); memory when absent.
 * `ctx.replicas`: present when replicas share a store; a donation held by another replica is answered by it.
 * `ctx.paceClock`: the clock of the provider's pace (donation-service.ts); default the real one. */
export function setupDonations(settings: DonationSettings, ctx: { db: Db; sink: Pick<FormSink, 'save' | 'notify'>; publicOrigin: string; logger: Logger; records?: SharedRecords; replicas?: ReplicaSettings; paceClock?: PaceClock }): Donations | null {
  const { logger, publicOrigin } = ctx;
  let testCheckout: TestCheckout | null = null;
  let gateway;
  if (settings.mollieApiKey) {
    gateway = createMollieGateway({ apiKey: settings.mollieApiKey, apiEndpoint: settings.mollieApiEndpoint, methods: settings.mollieMethods, checkoutOrigin: settings.mollieCheckoutOrigin });
  } else if (testCheckoutAllowed({ nodeEnv: settings.nodeEnv, publicOrigin, enabled: settings.testCheckoutEnabled })) {
    gateway = testCheckout = createTestCheckout(publicOrigin, ctx.records);
  } else {
    logger.error({ publicOrigin }, 'donations are off: MOLLIE_API_KEY is not set, and the built-in test checkout does not run on a public production site unless DONATIONS_TEST_CHECKOUT=true');
    return null;
  }
  logger.info({ payments: gateway.kind }, gateway.kind === 'mollie' ? 'donations paid through Mollie' : 'donations paid through the built-in test checkout (no MOLLIE_API_KEY)');
  const store = createDonationStore(ctx.db);
  const local = createDonationService({ store, gateway, sink: ctx.sink, publicOrigin, logger, paceClock: ctx.paceClock });
  if (!ctx.replicas) return { service: local, testCheckout, checkoutOrigin: gateway.checkoutOrigin, replicaRoutes: null };
  return {
    service: routedDonations(local, store, ctx.replicas, logger),
    testCheckout,
    checkoutOrigin: gateway.checkoutOrigin,
    // Each question's nonce, remembered where every replica sees it (the shared store's records).
    replicaRoutes: replicaRoutes(local, ctx.replicas, ctx.records ?? memoryRecords(), logger),
  };
}
