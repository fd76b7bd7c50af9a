import { spriteHref } from '../icons/sprite-href';
import type { BlockProps } from './block-props';
import { BlockShell } from './block-shell';

/** A pause between sections: a line, empty space, or a soft wave (drawn in the sprite,
 * src/icons/marks.ts). Decorative only. */
export function DividerBlock({ block }: BlockProps<'blocks.divider'>) {
  const style = block.style ?? 'line';
  return (
    <BlockShell block={block} className={`divider-${style}`}>
      {style === 'wave' ? (
        <svg className="divider-wave" viewBox="0 0 1200 40" preserveAspectRatio="none" width="1200" height="40" aria-hidden="true" focusable="false">
          <use href={spriteHref('divider-wave')} />
        </svg>
      ) : style === 'line' ? (
        <hr />
      ) : null}
    </BlockShell>
  );
}
