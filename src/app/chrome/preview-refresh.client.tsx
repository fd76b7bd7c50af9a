'use client';
// In Strapi's preview panel the page sits in a frame of the admin, which posts
// `{ type: 'strapiUpdate' }` to it after every save: the preview loads again to show what was
// saved. Only the frame's parent is heard (a message has nothing else in it). Renders nothing.
import { useEffect } from 'react';

export const STRAPI_UPDATE = 'strapiUpdate';

export function PreviewRefresh() {
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent) return;
      if ((event.data as { type?: unknown } | null)?.type === STRAPI_UPDATE) window.location.reload();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return null;
}
