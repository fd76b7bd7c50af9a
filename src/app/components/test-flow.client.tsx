'use client';
import { useEffect, useState } from 'react';

/** The test flow renders in the browser only (spec: client-only page). */
export function TestFlow() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <section className="test-flow" aria-live="polite">
      <h1>Doe de test</h1>
      {mounted ? <p data-testid="test-flow-ready">Beantwoord elf korte vragen over hoe verbonden je je voelt.</p> : <p>Even laden…</p>}
    </section>
  );
}
