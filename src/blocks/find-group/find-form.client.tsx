'use client';
// The find-a-group search form: a plain GET form (works without JavaScript, the outcome has a
// shareable address); with JavaScript the client router fetches the outcome page instead of
// a full page load.
import type { ReactNode } from 'react';
import { navigate } from '../../framework/browser/navigation';

export function FindSearchForm({ action, children }: { action: string; children: ReactNode }) {
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    const form = e.currentTarget;
    if (!form.checkValidity()) return;
    e.preventDefault();
    const params = new URLSearchParams();
    // An empty optional field (no municipality chosen) stays out of the shareable address.
    for (const [k, v] of new FormData(form)) if (typeof v === 'string' && v !== '') params.append(k, v);
    navigate(`${action}?${params.toString()}`);
  };
  return (
    <form className="find-form" method="get" action={action} onSubmit={onSubmit}>
      {children}
    </form>
  );
}
