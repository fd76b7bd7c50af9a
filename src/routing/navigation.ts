// The one way for client components to navigate. The router registers itself here when it
// starts; before that (or on the server) navigation is a plain page load.

type Navigator = (href: string, options?: { replace?: boolean }) => void;

let current: Navigator | null = null;

export function registerNavigator(fn: Navigator): void {
  current = fn;
}

export function navigate(href: string, options?: { replace?: boolean }): void {
  if (current) current(href, options);
  else if (typeof window !== 'undefined') window.location.assign(href);
}
