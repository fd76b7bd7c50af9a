'use client';
// The find-a-group search form: a plain GET form (works without JavaScript, the outcome has a
// shareable address); with JavaScript the client router fetches the outcome page instead of
// a full page load, and lands on the outcome (the action's fragment), its heading focused. The page checks the search and shows the site's own messages in both
// modes (`noValidate`: no browser bubbles, also not for an empty or out-of-range field).
import type { ReactNode } from 'react';
import { navigate } from '../../../routing/navigation';

export function FindSearchForm({ action, children }: { action: string; children: ReactNode }) {
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    const form = e.currentTarget;
    e.preventDefault();
    const params = new URLSearchParams();
    // An empty optional field (no municipality chosen) stays out of the shareable address; an
    // empty required one stays in, so the page answers "fill in all fields" as without JavaScript.
    const required = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.required === true;
    for (const [k, v] of new FormData(form)) if (typeof v === 'string' && (v !== '' || required(k))) params.append(k, v);
    // The action's fragment (the outcome) goes after the query, as a browser's own GET does.
    const [path, hash] = action.split('#');
    navigate(`${path}?${params.toString()}${hash ? `#${hash}` : ''}`);
  };
  return (
    <form className="find-form" method="get" action={action} onSubmit={onSubmit} noValidate>
      {children}
    </form>
  );
}
