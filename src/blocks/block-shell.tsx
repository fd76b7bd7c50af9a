import type { ReactNode } from 'react';
import type { BlockRecord } from '../content/site-content';

/**
 * The root element of every block: `data-block` names the type (tests and styles find
 * blocks by it) and an editor's `anchor` becomes the id, so `#zoek-een-groep` links work.
 */
export function BlockShell({ block, className, children }: { block: BlockRecord; className?: string; children: ReactNode }) {
  const type = block.__component.replace(/^blocks\./, '');
  return (
    <section className={`block block-${type}${className ? ` ${className}` : ''}`} data-block={block.__component} {...(block.anchor ? { id: block.anchor } : {})}>
      {children}
    </section>
  );
}
