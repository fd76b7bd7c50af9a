// Browser entry: hydrate the server-rendered document from its Flight payload (inline, or
// fetched once the page has loaded: initial-flight.ts), then run the client router, preloading
// and the build check.
import { BUILD_META_PREFIX } from '../../routing/build-endpoints';
import '../../styles/main.css';
import { startTransition, use, useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createFromFetch, createFromReadableStream } from 'react-server-dom-webpack/client';
import type { FlightPayload } from '../flight-data';
import type { RouteRules } from '../../routing/route-match';
import { startBuildCheck } from './build-check';
import { initialFlight } from './initial-flight';
import { keptLayouts } from './kept-layouts';
import { KeptLayouts } from '../../app/layout-frame.client';
import { registerNavigator } from '../../routing/navigation';
import { pushPageView } from './page-view';
import { startPreloading } from './preload';
import { isChunkLoadError, reloadOnce } from '../../routing/reload-guard';
import { isRoutable, navigate, scrollAfterCommit, setRouteRules, startRouter, type NavigationKind } from './router';

type View = { payload: FlightPayload; kind: NavigationKind | 'initial'; hash: string };

function Root({ initial }: { initial: Promise<FlightPayload> }) {
  const first = use(initial);
  const [view, setView] = useState<View>({ payload: first, kind: 'initial', hash: location.hash });

  useEffect(() => {
    startRouter((payload, kind, hash) => startTransition(() => setView({ payload, kind, hash })));
    registerNavigator((href, options) => void navigate(href, options?.replace ? 'replace' : 'push'));
    startPreloading(isRoutable);
    startBuildCheck(first.meta.buildId);
    void loadRouteRules(first.meta.buildId);
    document.documentElement.dataset.hydrated = 'true';
  }, [first]);

  // Runs once the new page is committed: the navigation is finished.
  useEffect(() => {
    if (view.kind !== 'initial') {
      const focused = scrollAfterCommit(view.kind, view.hash);
      if (view.kind === 'push' && !focused) document.getElementById('main')?.focus({ preventScroll: true });
    }
    pushPageView(view.payload.meta);
  }, [view]);

  return <KeptLayouts value={keptLayouts}>{view.payload.root}</KeptLayouts>;
}

async function loadRouteRules(buildId: string): Promise<void> {
  try {
    const res = await fetch(`${BUILD_META_PREFIX}/${buildId}.json`);
    if (res.ok) {
      setRouteRules(((await res.json()) as { routeRules: RouteRules }).routeRules);
      // Observable for tests and tools, like data-hydrated.
      document.documentElement.dataset.routeRules = 'ready';
    }
  } catch {
    // the server applies the same rules; this only saves a round trip
  }
}

window.addEventListener('unhandledrejection', (e) => {
  if (isChunkLoadError(e.reason)) reloadOnce();
});

void initialFlight().then((source) => {
  if (!source) {
    // Observable like data-hydrated: this HTML is not hydrated, the page works without JavaScript.
    document.documentElement.dataset.hydrated = 'skipped';
    return;
  }
  const initial = source instanceof Response ? createFromFetch<FlightPayload>(Promise.resolve(source)) : createFromReadableStream<FlightPayload>(source);
  hydrateRoot(document, <Root initial={initial} />, {
    onRecoverableError(error) {
      console.warn('[hydrate] recovered', error);
    },
  });
});
