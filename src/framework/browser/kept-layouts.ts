// The layouts this browser holds, by address (`/_layout/<layout>/<locale>/<id>`): fetched once,
// the first time a page names one, and kept for the visit. Every page in the same layout renders
// the same elements, so a navigation keeps the layout's DOM and client state, and fetches the
// page's own part alone (docs/decisions/012-layout-rendered-once.md).
import type { ReactNode } from 'react';
import { createFromFetch } from 'react-server-dom-webpack/client';
import type { KeptLayoutSource } from '../../app/layout-frame.client';
import { FLIGHT_CONTENT_TYPE } from '../../routing/protocol';

const held = new Map<string, ReactNode | Promise<ReactNode>>();

function load(address: string): Promise<ReactNode> {
  const loading = fetch(address, { headers: { Accept: FLIGHT_CONTENT_TYPE }, priority: 'low' } as RequestInit).then((response) => {
    if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith(FLIGHT_CONTENT_TYPE)) throw new Error(`layout not available (${response.status})`);
    return Promise.resolve(createFromFetch<ReactNode>(Promise.resolve(response)));
  });
  loading.then(
    (layout) => held.set(address, layout),
    () => held.delete(address),
  );
  return loading;
}

export const keptLayouts: KeptLayoutSource = {
  get(address) {
    let layout = held.get(address);
    if (layout === undefined) {
      layout = load(address);
      held.set(address, layout);
    }
    return layout;
  },
};

/** The layout at `address`, fetched if this browser does not hold it yet; rejects when it cannot be had. */
export async function holdLayout(address: string): Promise<void> {
  await keptLayouts.get(address);
}
