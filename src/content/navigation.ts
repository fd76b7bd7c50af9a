import type { NavigationItem } from './model/navigation';

export type NavType = 'TREE' | 'FLAT';

/**
 * The FLAT answer the navigation plugin gives for a menu, made from its TREE answer: every
 * item once, depth-first, each pointing to its parent instead of nesting. Unlike the plugin
 * (which gives FLAT items only their own path segment) INTERNAL items keep the full path of the
 * TREE answer, so either form links the same way; EXTERNAL items have `path: null` and their
 * URL in `externalPath`, as the plugin does.
 */
export function flattenNavigation(tree: readonly NavigationItem[]): NavigationItem[] {
  const flat: NavigationItem[] = [];
  const visit = (items: readonly NavigationItem[], parent: NavigationItem | null) => {
    for (const item of items) {
      const { items: children, ...own } = item;
      flat.push({
        ...own,
        path: item.type === 'EXTERNAL' ? null : item.path,
        externalPath: item.externalPath ?? (item.type === 'EXTERNAL' ? item.path : null),
        parent: parent ? withoutNesting(parent) : null,
        items: null,
      });
      visit(children ?? [], item);
    }
  };
  visit(tree, null);
  return flat;
}

function withoutNesting(item: NavigationItem): Record<string, unknown> {
  const { items: _items, parent: _parent, ...rest } = item;
  return rest;
}
