'use client';
import { Component, type ReactNode } from 'react';
import { isChunkLoadError, reloadOnce } from '../../routing/reload-guard';
import { ErrorScreen, type ErrorScreenTexts } from './error-screen.client';

type State = { error: Error | null };

/** Catches a failure inside page content in the browser and shows the error screen. */
export class ErrorBoundary extends Component<{ children: ReactNode; texts: ErrorScreenTexts }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error) {
    // A missing chunk means a new deploy replaced this one: one guarded reload fixes it.
    if (isChunkLoadError(error) && reloadOnce()) return;
    console.warn('[page] render failed', error);
  }

  override render() {
    if (this.state.error) return <ErrorScreen texts={this.props.texts} onReset={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
