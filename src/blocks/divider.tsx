import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';

/** A pause between sections: a line, empty space, or a soft wave. Decorative only. */
export function DividerBlock({ block }: BlockProps<'blocks.divider'>) {
  const style = block.style ?? 'line';
  return (
    <BlockShell block={block} className={`divider-${style}`}>
      {style === 'wave' ? (
        <svg className="divider-wave" viewBox="0 0 1200 40" preserveAspectRatio="none" width="1200" height="40" aria-hidden="true" focusable="false">
          <path d="M0 20 C 150 0, 300 0, 450 20 S 750 40, 900 20 S 1125 0, 1200 16" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
      ) : style === 'line' ? (
        <hr />
      ) : null}
    </BlockShell>
  );
}
