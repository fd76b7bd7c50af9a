import type { RouteDef } from '../../framework/route-types';
import type { Services } from '../services';
import { TestFlow } from '../components/test-flow.client';

/** Start of the loneliness test: a client-rendered flow in its own calm layout (spec section 2). */
export const testStartRoute: RouteDef<null, Services> = {
  name: 'doe-de-test-start',
  path: '/doe-de-test/start',
  layout: 'doe-de-test',
  // A calm, focused flow: always light, whatever the visitor's preference.
  meta: { colorMode: 'light' },
  load: async () => ({ kind: 'ok', data: null }),
  title: () => 'Doe de test',
  page: () => <TestFlow />,
};
