import SchemaBuilder from '@pothos/core';
import RelayPlugin from '@pothos/plugin-relay';
import { GraphQLError, type GraphQLResolveInfo } from 'graphql';
import {
  decodeId,
  encodeId,
  ID_PREFIXES,
  PERMISSIONS,
  USER_ERROR_CODES,
  type NodeType,
  type UserError,
} from '@stockroom/domain';
import type { Ctx } from './context.js';
import type { Count, Page } from '../lib/pagination.js';
import { auth } from './auth.js';
import { UserErrors } from './errors.js';
import { selectsField } from './selection.js';

export type SchemaTypes = PothosSchemaTypes.ExtendDefaultTypes<BuilderTypes>;

interface BuilderTypes {
  Context: Ctx;
  DefaultFieldNullability: false;
  DefaultEdgesNullability: false;
  DefaultNodeNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    File: { Input: File; Output: never };
    ID: { Input: string; Output: string | number | bigint };
  };
}

export const builder = new SchemaBuilder<BuilderTypes>({
  defaultFieldNullability: false,
  plugins: [RelayPlugin],
  relay: {
    clientMutationId: 'omit',
    edgesFieldOptions: { nullable: false },
    nodeFieldOptions: { nullable: false },
    nodesOnConnection: true,
    cursorType: 'String',
    encodeGlobalID: (typename, id) => encodeId(typename as NodeType, String(id)),
    // An ID of no known kind decodes to a type no node has, and `node` answers null for it.
    decodeGlobalID: (globalID) => {
      const decoded = decodeId(globalID);
      return decoded ? { typename: decoded.type, id: decoded.uuid } : { typename: '', id: '' };
    },
    nodeTypeOptions: { extensions: auth.authenticated },
    pageInfoTypeOptions: { extensions: auth.authenticated },
    defaultConnectionTypeOptions: { extensions: auth.authenticated },
    defaultEdgeTypeOptions: { extensions: auth.authenticated },
    nodeQueryOptions: {
      extensions: auth.authenticated,
      description: 'Any object by its ID; null when it does not exist.',
      resolve: (_root, args, _ctx, _info, resolveNode) =>
        args.id.typename in ID_PREFIXES ? resolveNode(args.id) : null,
    },
    nodesQueryOptions: {
      extensions: auth.authenticated,
      description: 'Objects by their IDs, in the same order; null for each that does not exist.',
      resolve: async (_root, args, _ctx, _info, resolveNodes) => {
        const known = args.ids.filter((id) => id.typename in ID_PREFIXES);
        const found = await resolveNodes(known);
        let i = 0;
        return args.ids.map((id) => (id.typename in ID_PREFIXES ? found[i++] : null));
      },
    },
  },
});

builder.queryType({});
builder.mutationType({});

builder.scalarType('DateTime', {
  description: 'An ISO 8601 date and time in UTC, e.g. 2026-11-21T15:04:05.000Z.',
  extensions: auth.public,
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString()),
  parseValue: (value) => {
    const d = new Date(String(value));
    if (typeof value !== 'string' || Number.isNaN(d.getTime())) {
      throw new GraphQLError('DateTime must be an ISO 8601 string, e.g. 2026-11-21T15:04:05Z.');
    }
    return d;
  },
});

export const PermissionEnum = builder.enumType('Permission', { values: PERMISSIONS });
export const UserErrorCodeEnum = builder.enumType('UserErrorCode', { values: USER_ERROR_CODES });

export const UserErrorRef = builder.objectRef<UserError>('UserError').implement({
  description: 'A rule the input broke. Nothing was changed.',
  extensions: auth.public,
  fields: (t) => ({
    field: t.exposeStringList('field', {
      nullable: true,
      description: 'Path to the input field, e.g. ["input", "email"]; null when about the whole input.',
    }),
    message: t.exposeString('message', { description: 'What went wrong, in plain words.' }),
    code: t.field({ type: UserErrorCodeEnum, resolve: (e) => e.code }),
    relatedId: t.id({
      nullable: true,
      description: 'For TAKEN: the record that already uses the value, to link to.',
      resolve: (e) => (e.relatedId && e.relatedType ? encodeId(e.relatedType, e.relatedId) : null),
    }),
  }),
});

/**
 * Runs a mutation's service call and shapes its payload: the result's fields, or `userErrors` when
 * the service refused (by throwing UserErrors inside its transaction, which rolled it back).
 */
export async function payload<T extends object>(
  run: () => Promise<T>,
  empty: Partial<T> = {},
): Promise<T & { userErrors: UserError[] }> {
  try {
    const result = await run();
    return { ...result, userErrors: [] };
  } catch (error) {
    if (error instanceof UserErrors) return { ...(empty as T), userErrors: error.errors };
    throw error;
  }
}

export const CountPrecisionEnum = builder.enumType('CountPrecision', {
  values: {
    EXACT: { description: 'The count is exact.' },
    AT_LEAST: { description: 'There are at least this many; counting stopped at 10,000.' },
  } as const,
});

export const CountRef = builder.objectRef<Count>('Count').implement({
  description: 'How many items match, counted up to 10,000.',
  extensions: auth.authenticated,
  fields: (t) => ({
    value: t.exposeInt('value'),
    precision: t.field({ type: CountPrecisionEnum, resolve: (c) => c.precision }),
  }),
});

/** Turns a keyset page into a Relay connection whose `count` is only computed when asked for. */
export function toConnection<Row extends { id: string }>(
  page: Page<Row>,
  count: () => Promise<Count>,
  userErrors: UserError[] = [],
) {
  const edges = page.rows.map((node) => ({ cursor: page.cursor(node), node }));
  return {
    edges,
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: page.hasPreviousPage,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    count,
    userErrors,
  };
}

/**
 * A connection's count: started at once, beside the page query, when the caller selected `count`
 * (so the two round trips overlap); otherwise never run.
 */
export function countWhenAsked(info: GraphQLResolveInfo, count: () => Promise<Count>): () => Promise<Count> {
  if (!selectsField(info, 'count')) return count;
  const started = count();
  started.catch(() => undefined); // reported when the count field awaits it
  return () => started;
}

/** A connection with no rows, for a search that could not run (its userErrors say why). */
export function emptyConnection(userErrors: UserError[]) {
  const page: Page<{ id: string }> = {
    rows: [],
    hasNextPage: false,
    hasPreviousPage: false,
    cursor: () => '',
  };
  return toConnection(page, () => Promise.resolve({ value: 0, precision: 'EXACT' as const }), userErrors);
}

interface ConnectionExtras {
  count: () => Promise<Count>;
  userErrors: UserError[];
}

// Every connection has `count` (computed only when asked for) and `userErrors` (a search that could not run).
builder.globalConnectionFields((t) => ({
  count: t.field({
    type: CountRef,
    description: 'How many match, exactly up to 10,000.',
    resolve: (c) => (c as unknown as ConnectionExtras).count(),
  }),
  userErrors: t.field({
    type: [UserErrorRef],
    description:
      'Why the search could not run (e.g. an unknown field, naming the known ones); empty otherwise.',
    resolve: (c) => (c as unknown as ConnectionExtras).userErrors,
  }),
}));
