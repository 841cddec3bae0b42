/** The fields the tree needs from a category. */
export interface CategoryLike {
  id: string;
  name: string;
  position: number;
  parent?: { id: string } | null;
}

export interface CategoryNode<T extends CategoryLike> {
  category: T;
  depth: number;
  children: CategoryNode<T>[];
}

/**
 * Builds the tree from the flat list (depth-first, parents first). A category whose parent is
 * missing from the list is shown at the top rather than lost.
 */
export function buildCategoryTree<T extends CategoryLike>(categories: readonly T[]): CategoryNode<T>[] {
  const byId = new Map<string, CategoryNode<T>>();
  for (const category of categories) byId.set(category.id, { category, depth: 0, children: [] });
  const roots: CategoryNode<T>[] = [];
  for (const category of categories) {
    const node = byId.get(category.id)!;
    const parent = category.parent ? byId.get(category.parent.id) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const order = (nodes: CategoryNode<T>[], depth: number) => {
    nodes.sort((a, b) => a.category.position - b.category.position);
    for (const node of nodes) {
      node.depth = depth;
      order(node.children, depth + 1);
    }
  };
  order(roots, 0);
  return roots;
}

/** The tree back to a depth-first list, each with its depth. */
export function flattenTree<T extends CategoryLike>(nodes: readonly CategoryNode<T>[]): CategoryNode<T>[] {
  return nodes.flatMap((node) => [node, ...flattenTree(node.children)]);
}

/** The ids of `id` and everything under it: where it may not be moved. */
export function subtreeIds<T extends CategoryLike>(categories: readonly T[], id: string): Set<string> {
  const result = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of categories) {
      if (c.parent && result.has(c.parent.id) && !result.has(c.id)) {
        result.add(c.id);
        grew = true;
      }
    }
  }
  return result;
}

/** The siblings under `parentId` (null: the top level), in order, without `exceptId`. */
export function siblingsOf<T extends CategoryLike>(
  categories: readonly T[],
  parentId: string | null,
  exceptId: string,
): T[] {
  return categories
    .filter((c) => (c.parent?.id ?? null) === parentId && c.id !== exceptId)
    .sort((a, b) => a.position - b.position);
}

export type DropPlace = 'before' | 'inside' | 'after';

/**
 * Where `movingId` lands when dropped on `targetId`: beside it (before or after, same parent) or as
 * its last child. Null when the drop would put a category inside itself.
 */
export function dropDestination<T extends CategoryLike>(
  categories: readonly T[],
  movingId: string,
  targetId: string,
  place: DropPlace,
): { parentId: string | null; position: number } | null {
  if (subtreeIds(categories, movingId).has(targetId)) return null;
  const target = categories.find((c) => c.id === targetId);
  if (!target) return null;
  if (place === 'inside') {
    return { parentId: target.id, position: siblingsOf(categories, target.id, movingId).length };
  }
  const parentId = target.parent?.id ?? null;
  const siblings = siblingsOf(categories, parentId, movingId);
  const index = siblings.findIndex((c) => c.id === targetId);
  return { parentId, position: place === 'before' ? index : index + 1 };
}

/** "Clothing / Shirts / Linen": the path to a category, for menus and selects. */
export function categoryPath<T extends CategoryLike>(categories: readonly T[], id: string): string {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const names: string[] = [];
  let current = byId.get(id);
  while (current && names.length < 50) {
    names.unshift(current.name);
    current = current.parent ? byId.get(current.parent.id) : undefined;
  }
  return names.join(' / ');
}
