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
  type GraphQLCompositeType,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

/**
 * Query cost, Shopify-style: scalars and enums cost 0, an object 1, a connection 2 plus its page
 * size (`first`/`last`, default 50) times what one node costs, a plain list its bound times what
 * one item costs, a mutation field 10. Computed from the document before running it (requested,
 * an upper bound of the objects it can return) and from the data after (actual).
 */
export const MAX_QUERY_COST = 5_000;
const DEFAULT_PAGE = 50;
const MUTATION_COST = 10;
/** The most ids `nodes(ids:)` takes (SPEC §9 page size). */
export const MAX_NODE_IDS = 250;

/**
 * How many items a plain list field (`Type.field`) can hold: SPEC §5 limits, the cap its resolver
 * applies, or how many rows the table has now (`ListBounds` given by the caller from live counts).
 * A list not named here is charged DEFAULT_LIST_BOUND, an estimate for small fixed lists.
 */
export type ListBounds = Readonly<Record<string, number>>;
export const STATIC_LIST_BOUNDS: ListBounds = {
  'Product.variants': 2_000, // SPEC §5 (live: the most any product has now)
  'Product.media': 250, // SPEC §9 (live: the most any product has now)
  'Product.options': 3, // SPEC §5
  'Collection.rules': 60, // collectionSchema
  'Customer.comments': 100, // newest 100
  'Customer.events': 100, // newest 100
  'Product.events': 50, // newest 50
  'AuditEvent.changes': 32, // fields of one entity: the most any audited entity has is 11
  'Query.permissions': 32,
  'TaxPreview.lines': 500, // as many as an order's lines (SPEC §5)
  'InventoryAdjustPayload.levels': 250, // MAX_ADJUSTMENTS
  'InventoryAdjustPayload.movements': 250,
  'InventoryTransferPayload.levels': 2, // from and to
  'InventoryTransferPayload.movements': 2,
  'ProductMediaPayload.media': 250,
  'OrdersBulkPayload.orders': 250, // MAX_BULK_ORDERS
  // Estimates: nothing limits these, and counting them per request would cost more than they do.
  'Customer.addresses': 20,
  'Staff.sessions': 20,
  // SPEC §5 allows 500, but charging every order that would make a page of 50 orders with their
  // lines cost 25,000 and refuse the order list; most orders hold a few lines. An order with more
  // is charged what it returned in actualQueryCost.
  'Order.lines': 20,
  'Order.transactions': 20, // an authorization, its captures, voids and refunds
  'Order.fulfillments': 10,
  'Fulfillment.lines': 50, // together at most the order's lines; most shipments hold a few
  'DraftOrder.lines': 20, // like Order.lines
  'DraftOrderCalculated.lines': 20,
  'DraftOrderCalculated.availableShippingRates': 10, // the rates of one zone
  'Order.refunds': 5, // each refund is also a REFUND transaction, counted among those 20
  'Refund.lines': 20, // together at most the order's lines
  'SuggestedRefund.lines': 20, // as many as the lines asked about
  'SuggestedRefund.userErrors': 20,
  'Discount.products': 250, // DISCOUNT_MAX_TARGETS
  'Query.apiTokens': 200, // MAX_LISTED_TOKENS
  'Query.roles': 100, // built-in and custom roles of one store
  'ApiToken.permissions': 32,
  'Discount.collections': 250,
  'SalesReport.perDay': 30, // LAST_30_DAYS
  'SalesReport.topProducts': 20, // MAX_TOP_PRODUCTS
  'SearchResults.orders': 10, // SEARCH_MAX_PER_TYPE
  'SearchResults.products': 10,
  'SearchResults.customers': 10,
  'SearchResults.discounts': 10,
  'SearchResults.staff': 10,
  'SearchResults.types': 5,
};

/**
 * Plain lists that take `first` (newest first, at most SPEC §9's page size): charged by the
 * argument, or by its default when left out.
 */
const LISTS_BY_FIRST: Readonly<Record<string, number>> = {
  'Order.timeline': 50,
  'Customer.orders': 10,
  'ProductVariant.openOrderLines': 20,
};
const MAX_FIRST = 250;
export const DEFAULT_LIST_BOUND = 100;

/**
 * Payload lists that hold one item per element of the mutation's input list: charged by that
 * list's length (at most the static bound), not by the largest input the mutation allows.
 */
const PAYLOAD_LISTS_BY_INPUT: Readonly<Record<string, string[]>> = {
  'InventoryAdjustPayload.levels': ['input', 'changes'],
  'InventoryAdjustPayload.movements': ['input', 'changes'],
  'ProductMediaPayload.media': ['files'],
  'OrdersBulkPayload.orders': ['ids'],
};

/** The length of the list at `path` in a field's arguments (literal or variables); undefined when absent. */
function argListLengthAt(
  node: FieldNode,
  path: string[],
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

/** Each key of a live-count lookup and the list fields whose size it bounds. */
export const COUNTED_LISTS = {
  locations: ['Query.locations', 'ProductVariant.inventoryLevels', 'LocationPayload.locations'],
  maxVariantsPerProduct: ['Product.variants'],
  maxMediaPerProduct: ['Product.media'],
  maxCollectionsPerProduct: ['Product.collections'],
  categories: ['Query.categories'],
  shippingZones: ['Query.shippingZones'],
  shippingRates: ['ShippingZone.rates', 'Query.shippingRatesFor'],
  taxRates: ['Query.taxRates'],
  roles: ['Staff.roles'],
} as const;
export type TableCounts = Record<keyof typeof COUNTED_LISTS, number>;

/** The bounds of every list field, from the static ones and the live counts (at least 1 each). */
export function listBounds(counts: Partial<TableCounts>): ListBounds {
  const bounds: Record<string, number> = { ...STATIC_LIST_BOUNDS };
  for (const [key, fields] of Object.entries(COUNTED_LISTS)) {
    const n = counts[key as keyof TableCounts];
    if (n !== undefined) for (const field of fields) bounds[field] = Math.max(1, n);
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

export function requestedCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> = {},
  bounds: ListBounds = STATIC_LIST_BOUNDS,
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
          const byInput = PAYLOAD_LISTS_BY_INPUT[coordinate];
          const inputLength =
            byInput && mutationField ? argListLengthAt(mutationField, byInput, variables) : undefined;
          const byFirst = LISTS_BY_FIRST[coordinate];
          const bound =
            coordinate === 'Query.nodes'
              ? (listArgLength(sel, 'ids', variables) ?? 1)
              : byFirst !== undefined
                ? Math.min(MAX_FIRST, Math.max(0, argInt(sel, 'first', variables) ?? byFirst))
                : inputLength !== undefined
                  ? Math.min(inputLength, bounds[coordinate] ?? DEFAULT_LIST_BOUND)
                  : (bounds[coordinate] ?? DEFAULT_LIST_BOUND);
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
