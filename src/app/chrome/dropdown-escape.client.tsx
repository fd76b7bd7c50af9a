'use client';
// Escape closes an open dropdown of the menu on wide screens (WCAG 1.4.13: content that appears
// on hover or focus can be dismissed without moving the pointer or focus). The dropdowns
// themselves are CSS; this only adds the way out. On narrow screens the items are listed in the
// menu panel, no dropdown (the panel's own Escape closes it: mobile-menu.client.tsx). Listens on
// the document, so a menu that client navigation re-renders (another language) needs nothing
// new. Renders nothing.
import { useEffect } from 'react';

export function DropdownEscape({ navId }: { navId: string }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const nav = document.getElementById(navId);
      const open = [...(nav?.querySelectorAll<HTMLElement>('.has-dropdown') ?? [])].find((li) => li.matches(':hover, :focus-within'));
      const dropdown = open?.querySelector<HTMLElement>('.site-nav-dropdown');
      if (!open || !dropdown || getComputedStyle(dropdown).position !== 'absolute') return;
      open.classList.add('is-dismissed');
      open.querySelector<HTMLElement>('.site-nav-link')?.focus();
    };
    // Shown again once the visitor moves on: pointer or focus out of the item.
    const onLeave = (e: MouseEvent | FocusEvent) => {
      const li = (e.target as Element | null)?.closest?.(`#${navId} .has-dropdown.is-dismissed`);
      const next = e.relatedTarget as Node | null;
      if (li && (!next || !li.contains(next))) li.classList.remove('is-dismissed');
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mouseout', onLeave);
    document.addEventListener('focusout', onLeave);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mouseout', onLeave);
      document.removeEventListener('focusout', onLeave);
    };
  }, [navId]);
  return null;
}
