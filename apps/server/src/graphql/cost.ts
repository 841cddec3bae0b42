import {
  getNamedType,
  isInterfaceType,
  isObjectType,
  isCompositeType,
  Kind,
  OperationTypeNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

/**
 * Query cost, Shopify-style: scalars and enums cost 0, an object 1, a connection 2 plus its page
 * size (`first`/`last`, default 50) times what one node costs, a mutation field 10. Computed from
 * the document before running it (requested) and from the data after (actual).
 */
export const MAX_QUERY_COST = 5_000;
const DEFAULT_PAGE = 50;
const MUTATION_COST = 10;

function argInt(node: FieldNode, name: string, variables: Record<string, unknown>): number | undefined {
  const arg = node.arguments?.find((a) => a.name.value === name);
  if (!arg) return undefined;
  const v: ValueNode = arg.value;
  if (v.kind === Kind.INT) return Number(v.value);
  if (v.kind === Kind.VARIABLE) {
    const value = variables[v.name.value];
    return typeof value === 'number' ? value : undefined;
  }
  return undefined;
}

export function requestedCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> = {},
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const operation = document.definitions.find(
    (d) => d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName),
  );
  if (!operation || operation.kind !== Kind.OPERATION_DEFINITION) return 0;
  const root =
    operation.operation === OperationTypeNode.MUTATION
      ? schema.getMutationType()
      : operation.operation === OperationTypeNode.SUBSCRIPTION
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  if (!root) return 0;

  const visiting = new Set<string>();
  const costOf = (set: SelectionSetNode, type: GraphQLCompositeType): number => {
    let total = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (sel.name.value.startsWith('__')) continue;
        const def = isObjectType(type) || isInterfaceType(type) ? type.getFields()[sel.name.value] : undefined;
        if (!def) continue;
        const named = getNamedType(def.type);
        if (!isCompositeType(named) || !sel.selectionSet) continue;
        const inner = costOf(sel.selectionSet, named);
        if (named.name.endsWith('Connection')) {
          const size = argInt(sel, 'first', variables) ?? argInt(sel, 'last', variables) ?? DEFAULT_PAGE;
          total += 2 + Math.max(0, size) * inner;
        } else if (named.name.endsWith('Edge')) {
          total += inner;
        } else total += 1 + inner;
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        const cond = sel.typeCondition ? schema.getType(sel.typeCondition.name.value) : type;
        total += costOf(sel.selectionSet, (cond && isCompositeType(cond) ? cond : type));
      } else {
        const frag = fragments.get(sel.name.value);
        if (!frag || visiting.has(frag.name.value)) continue;
        visiting.add(frag.name.value);
        const cond = schema.getType(frag.typeCondition.name.value);
        total += costOf(frag.selectionSet, cond && isCompositeType(cond) ? cond : type);
        visiting.delete(frag.name.value);
      }
    }
    return total;
  };
  const base = costOf(operation.selectionSet, root);
  const mutations = operation.operation === OperationTypeNode.MUTATION ? operation.selectionSet.selections.length * MUTATION_COST : 0;
  return base + mutations;
}

/** Objects actually returned (connections' nodes and edges count once each), plus mutation fields. */
export function actualCost(data: unknown, isMutation: boolean): number {
  let n = 0;
  const walk = (v: unknown, depth: number) => {
    if (Array.isArray(v)) v.forEach((x) => walk(x, depth));
    else if (v && typeof v === 'object') {
      if (depth > 0) n++;
      for (const x of Object.values(v)) walk(x, depth + 1);
    }
  };
  walk(data, 0);
  const roots = data && typeof data === 'object' ? Object.keys(data).length : 0;
  return n + (isMutation ? roots * MUTATION_COST : 0);
}
