import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/**
 * The dotted field paths a connection's caller asked for under `nodes` or `edges.node`
 * (e.g. `variants`, `variants.inventoryLevels`), fragments included, so a list resolver can load
 * in one statement exactly the relations the page will show.
 */
export function nodeFieldPaths(info: GraphQLResolveInfo, maxDepth = 3, connection = true): Set<string> {
  const paths = new Set<string>();
  const fragments = info.fragments;
  const walk = (set: SelectionSetNode | undefined, prefix: string, depth: number) => {
    if (!set || depth > maxDepth) return;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        const path = prefix ? `${prefix}.${sel.name.value}` : sel.name.value;
        paths.add(path);
        walk(sel.selectionSet, path, depth + 1);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        walk(sel.selectionSet, prefix, depth);
      } else {
        walk(fragments[sel.name.value]?.selectionSet, prefix, depth);
      }
    }
  };
  const forEachField = (
    set: SelectionSetNode | undefined,
    name: string,
    fn: (s: SelectionSetNode | undefined) => void,
  ) => {
    for (const sel of set?.selections ?? []) {
      if (sel.kind === Kind.FIELD && sel.name.value === name) fn(sel.selectionSet);
      else if (sel.kind === Kind.INLINE_FRAGMENT) forEachField(sel.selectionSet, name, fn);
      else if (sel.kind === Kind.FRAGMENT_SPREAD)
        forEachField(fragments[sel.name.value]?.selectionSet, name, fn);
    }
  };
  for (const node of info.fieldNodes) {
    if (!connection) walk(node.selectionSet, '', 1);
    forEachField(node.selectionSet, 'nodes', (s) => walk(s, '', 1));
    forEachField(node.selectionSet, 'edges', (edges) => forEachField(edges, 'node', (s) => walk(s, '', 1)));
  }
  return paths;
}

/** The dotted field paths asked for under this (non-connection) field, e.g. `variants.inventoryLevels`. */
export function fieldPaths(info: GraphQLResolveInfo, maxDepth = 3): Set<string> {
  return nodeFieldPaths(info, maxDepth, false);
}

/** Whether the caller selected `name` directly on this field (fragments included). */
export function selectsField(info: GraphQLResolveInfo, name: string): boolean {
  const has = (set: SelectionSetNode | undefined): boolean =>
    (set?.selections ?? []).some((sel) =>
      sel.kind === Kind.FIELD
        ? sel.name.value === name
        : sel.kind === Kind.INLINE_FRAGMENT
          ? has(sel.selectionSet)
          : has(info.fragments[sel.name.value]?.selectionSet),
    );
  return info.fieldNodes.some((node) => has(node.selectionSet));
}
