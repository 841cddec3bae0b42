import {
  getNamedType,
  getNullableType,
  isListType,
  isInterfaceType,
  isObjectType,
  isCompositeType,
  Kind,
  OperationTypeNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { DEFAULT_PAGE_SIZE as DEFAULT_PAGE } from '../lib/pagination.js';

/**
 * Query cost, Shopify-style: scalars and enums cost 0, an object 1, a connection 2 plus its page
 * size (`first`/`last`, default 50) times what one node costs, a plain list its bound times what
 * one item costs, a mutation field 10. Computed from the document before running it (requested,
 * an upper bound of the objects it can return) and from the data after (actual).
 */
export const MAX_QUERY_COST = 5_000;
const MUTATION_COST = 10;

/** The live counts that bound list fields, refreshed from lib/table-counts.repository.ts. */
export const COUNTED_TABLES = [
  'locations',
  'maxVariantsPerProduct',
  'maxMediaPerProduct',
  'maxCollectionsPerProduct',
  'categories',
  'shippingZones',
  'shippingRates',
  'taxRates',
  'roles',
] as const;
export type CountedTable = (typeof COUNTED_TABLES)[number];
export type TableCounts = Record<CountedTable, number>;

/**
 * How many items a plain list field can hold, declared on the field itself
 * (`extensions: { ...listBound({ max: 250 }) }`) beside the resolver whose limit it is, and read
 * from the schema here. A list without one is charged DEFAULT_LIST_BOUND, an estimate for small
 * fixed lists.
 */
export interface ListBound {
  /** The most items: a SPEC limit, the cap its resolver applies, or an estimate (say which). */
  max?: number;
  /** A live count that bounds it instead, when known (the rows of a small table now). */
  counted?: CountedTable;
  /** Charged by its `first` argument, or that argument's default when left out; at most `max`. */
  byFirst?: true;
  /**
   * A mutation payload's list holding one item per element of the mutation's input list at this
   * path of its arguments: charged by that list's length (at most the bound).
   */
  byInput?: readonly string[];
  /** As many items as this list argument holds (`nodes(ids:)`). */
  byArgLength?: string;
}

/** A field's extensions entry declaring its list bound. */
export function listBound(bound: ListBound): { listBound: ListBound } {
  return { listBound: bound };
}

export const DEFAULT_LIST_BOUND = 100;

/**
 * The bounds in force beside the declared ones: live counts by CountedTable name, and (for tests
 * and callers that know better) a bound per field coordinate, `Type.field`.
 */
export type ListBounds = Readonly<Record<string, number>>;

/** The length of the list at `path` in a field's arguments (literal or variables); undefined when absent. */
function argListLengthAt(
  node: FieldNode,
  path: readonly string[],
  variables: Record<string, unknown>,
): number | undefined {
  const [name, ...rest] = path;
  const arg = node.arguments?.find((a) => a.name.value === name);
  if (!arg) return undefined;
  const toJs = (v: ValueNode): unknown => {
    if (v.kind === Kind.VARIABLE) return variables[v.name.value];
    if (v.kind === Kind.LIST) return v.values.map(toJs);
    if (v.kind === Kind.OBJECT) return Object.fromEntries(v.fields.map((f) => [f.name.value, toJs(f.value)]));
    return null;
  };
  let value = toJs(arg.value);
  for (const key of rest)
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return Array.isArray(value) ? value.length : value == null ? undefined : 1;
}

/** The bounds of the live counts (at least 1 each: a list bounded by an empty table still costs). */
export function listBounds(counts: Partial<TableCounts>): ListBounds {
  const bounds: Record<string, number> = {};
  for (const key of COUNTED_TABLES) {
    const n = counts[key];
    if (n !== undefined) bounds[key] = Math.max(1, n);
  }
  return bounds;
}

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

function listArgLength(
  node: FieldNode,
  name: string,
  variables: Record<string, unknown>,
): number | undefined {
  const arg = node.arguments?.find((a) => a.name.value === name);
  if (!arg) return undefined;
  const v: ValueNode = arg.value;
  if (v.kind === Kind.LIST) return v.values.length;
  if (v.kind === Kind.VARIABLE) {
    const value = variables[v.name.value];
    return Array.isArray(value) ? value.length : 1;
  }
  return 1;
}

/** How many items a list field of the document can return, by the bound declared on its field. */
function listBoundOf(
  def: GraphQLField<unknown, unknown>,
  coordinate: string,
  sel: FieldNode,
  mutationField: FieldNode | undefined,
  variables: Record<string, unknown>,
  bounds: ListBounds,
): number {
  const declared = (def.extensions as { listBound?: ListBound } | undefined)?.listBound;
  if (declared?.byArgLength) return listArgLength(sel, declared.byArgLength, variables) ?? 1;
  if (declared?.byFirst) {
    const fallback = def.args.find((a) => a.name === 'first')?.defaultValue;
    const first = argInt(sel, 'first', variables) ?? (typeof fallback === 'number' ? fallback : DEFAULT_PAGE);
    return Math.min(declared.max ?? DEFAULT_LIST_BOUND, Math.max(0, first));
  }
  const counted = declared?.counted === undefined ? undefined : bounds[declared.counted];
  const most = counted ?? bounds[coordinate] ?? declared?.max ?? DEFAULT_LIST_BOUND;
  const inputLength =
    declared?.byInput && mutationField
      ? argListLengthAt(mutationField, declared.byInput, variables)
      : undefined;
  return inputLength !== undefined ? Math.min(inputLength, most) : most;
}

export function requestedCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> = {},
  bounds: ListBounds = {},
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
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
  const costOf = (set: SelectionSetNode, type: GraphQLCompositeType, mutationField?: FieldNode): number => {
    let total = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (sel.name.value.startsWith('__')) continue;
        const def =
          isObjectType(type) || isInterfaceType(type) ? type.getFields()[sel.name.value] : undefined;
        if (!def) continue;
        const named = getNamedType(def.type);
        if (!isCompositeType(named) || !sel.selectionSet) continue;
        const inner = costOf(
          sel.selectionSet,
          named,
          type === root && root.name === 'Mutation' ? sel : mutationField,
        );
        if (named.name.endsWith('Connection')) {
          const size = argInt(sel, 'first', variables) ?? argInt(sel, 'last', variables) ?? DEFAULT_PAGE;
          total += 2 + Math.max(0, size) * inner;
        } else if (named.name.endsWith('Edge')) {
          total += inner;
        } else if (type.name.endsWith('Connection') || named.name === 'UserError') {
          // A connection's nodes are charged by its page size above; userErrors are not data.
          total += 1 + inner;
        } else if (isListType(getNullableType(def.type))) {
          const coordinate = `${type.name}.${sel.name.value}`;
          const bound = listBoundOf(def, coordinate, sel, mutationField, variables, bounds);
          total += bound * (1 + inner);
        } else total += 1 + inner;
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        const cond = sel.typeCondition ? schema.getType(sel.typeCondition.name.value) : type;
        total += costOf(sel.selectionSet, cond && isCompositeType(cond) ? cond : type, mutationField);
      } else {
        const frag = fragments.get(sel.name.value);
        if (!frag || visiting.has(frag.name.value)) continue;
        visiting.add(frag.name.value);
        const cond = schema.getType(frag.typeCondition.name.value);
        total += costOf(frag.selectionSet, cond && isCompositeType(cond) ? cond : type, mutationField);
        visiting.delete(frag.name.value);
      }
    }
    return total;
  };
  const base = costOf(operation.selectionSet, root);
  const mutations =
    operation.operation === OperationTypeNode.MUTATION
      ? operation.selectionSet.selections.length * MUTATION_COST
      : 0;
  return base + mutations;
}

/** Objects actually returned (connections' nodes and edges count once each), plus mutation fields. */
export function actualCost(data: unknown, isMutation: boolean): number {
  let n = 0;
  // Runs over every object of every response: plain loops, no array made per object.
  const walk = (v: unknown, depth: number) => {
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) walk(v[i], depth);
    } else if (v && typeof v === 'object') {
      if (depth > 0) n++;
      const o = v as Record<string, unknown>;
      for (const key in o) if (Object.hasOwn(o, key)) walk(o[key], depth + 1);
    }
  };
  walk(data, 0);
  const roots = data && typeof data === 'object' ? Object.keys(data).length : 0;
  return n + (isMutation ? roots * MUTATION_COST : 0);
}

/**
 * The list bounds in force, from live table counts refreshed every few seconds per process: only
 * the first request waits for them; later ones use the last counts while a refresh runs beside
 * them (a count a little stale only shifts a bound by the rows made since). A max age of 0 counts
 * afresh for every request (tests that need exact bounds).
 */
export function cachedListBounds(
  count: () => Promise<TableCounts>,
  maxAgeMs = 10_000,
): () => Promise<ListBounds> {
  let current: ListBounds | undefined;
  let at = 0;
  let refreshing: Promise<ListBounds> | undefined;
  const refresh = () =>
    (refreshing ??= count()
      .then((counts) => {
        current = listBounds(counts);
        at = Date.now();
        return current;
      })
      .finally(() => {
        refreshing = undefined;
      }));
  return async () => {
    if (!current || maxAgeMs === 0) return refresh();
    if (Date.now() - at > maxAgeMs) refresh().catch(() => undefined); // the next request retries
    return current;
  };
}

/**
 * What requestedCost reads of the variables: numbers (`first`, `last`) and the lengths of lists (at
 * any depth of an input), never a string's text. Two requests whose variables have the same shape
 * cost the same.
 */
function variablesShape(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(variablesShape).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${variablesShape(v)}`)
      .join(',')}}`;
  return typeof value === 'number' ? String(value) : typeof value === 'string' ? 's' : String(value);
}

const MAX_SHAPE_KEY = 2000;
const costs = new WeakMap<DocumentNode, WeakMap<ListBounds, Map<string, number>>>();

/**
 * requestedCost remembered per parsed document (Yoga's cache keeps one object per query text), per
 * list bounds and per shape of the variables: the admin's few dozen operations walk their document
 * once, not on every request. At most 50 shapes per document; large inputs are walked each time.
 */
export function cachedRequestedCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown>,
  bounds: ListBounds,
): number {
  const shape = `${operationName ?? ''}\u0000${variablesShape(variables)}`;
  if (shape.length > MAX_SHAPE_KEY) return requestedCost(schema, document, operationName, variables, bounds);
  let byBounds = costs.get(document);
  if (!byBounds) costs.set(document, (byBounds = new WeakMap<ListBounds, Map<string, number>>()));
  let byShape = byBounds.get(bounds);
  if (!byShape) byBounds.set(bounds, (byShape = new Map<string, number>()));
  const known = byShape.get(shape);
  if (known !== undefined) return known;
  const cost = requestedCost(schema, document, operationName, variables, bounds);
  if (byShape.size < 50) byShape.set(shape, cost);
  return cost;
}
