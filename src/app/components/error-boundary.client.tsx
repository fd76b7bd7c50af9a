'use client';
import { Component, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen.client';

type State = { error: Error | null };

/** Catches a failure inside page content in the browser and shows the spec's error screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.warn('[page] render failed', error);
  }

  override render() {
    if (this.state.error) return <ErrorScreen onReset={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
