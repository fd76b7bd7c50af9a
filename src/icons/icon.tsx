import { lucideNodes } from './lucide-nodes';
import { spriteHref } from './sprite-href';

/**
 * The site's icon set: a small <svg> that uses the drawing from the sprite file (src/app/sprite.ts),
 * so the page carries only the name and size, and the drawing is fetched once and cached.
 * Stroke, fill and line caps come from the `.icon` rule in base.css; `currentColor` reaches
 * the drawing through <use>.
 *
 * Names: external-link, user, users, heart, menu, x, chevron-down, chevron-left,
 * chevron-right, arrow-right, map-pin, calendar, clock, mail, phone, check, search,
 * message-circle, coffee, house, list, mic, shield, sun, play, quote, info, life-buoy,
 * briefcase, graduation-cap, handshake, sparkles.
 *
 * Editors type icon names in the content service, so a few everyday words are accepted too
 * (`chat`, `home`, `location`); anything unknown renders nothing rather than a broken box.
 */
export type IconName = keyof typeof lucideNodes;

const ALIASES: Readonly<Record<string, IconName>> = {
  chat: 'message-circle',
  home: 'house',
  location: 'map-pin',
  close: 'x',
  email: 'mail',
  date: 'calendar',
  time: 'clock',
};

export const iconNames = Object.keys(lucideNodes) as IconName[];

/** The icon a name (or alias) stands for; null when the set has none. */
export function resolveIconName(name: string | null | undefined): IconName | null {
  if (!name) return null;
  const key = name.trim().toLowerCase();
  if (key in lucideNodes) return key as IconName;
  return ALIASES[key] ?? null;
}

export type IconProps = {
  name: IconName | (string & {});
  /** Pixel size of the width and height attributes; CSS may scale it. */
  size?: number;
  className?: string;
  /** Only for an icon that carries meaning on its own (no text beside it). */
  label?: string;
};

/** Decorative by default (`aria-hidden`): the text next to it says what it means. */
export function Icon({ name, size = 24, className, label }: IconProps) {
  const resolved = resolveIconName(name);
  if (!resolved) return null;
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} className={className ? `icon ${className}` : 'icon'} focusable="false" {...a11y}>
      <use href={spriteHref(resolved)} />
    </svg>
  );
}
