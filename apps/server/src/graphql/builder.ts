import SchemaBuilder from '@pothos/core';
import RelayPlugin from '@pothos/plugin-relay';
import { GraphQLError, GraphQLObjectType, type GraphQLResolveInfo } from 'graphql';
import { listBound } from './cost.js';
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
import type { Tx } from '../db/database.js';
import { inTransaction } from '../lib/unit-of-work.js';
import type { Count, Page } from '../lib/pagination.js';
import { auth, type AuthRule } from './auth.js';
import { DomainError } from '@stockroom/domain';
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
    Upload: { Input: File; Output: never };
    ID: { Input: string; Output: string | number | bigint };
  };
}

/** The most ids `nodes(ids:)` takes (SPEC §9 page size). */
export const MAX_NODE_IDS = 250;

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
      description: 'Any object by its ID; null when it does not exist or you may not read it.',
      resolve: async (_root, args, ctx, info, resolveNode) => {
        if (!nodeTypeReadable(info, ctx, args.id.typename)) return null;
        return readableNode(info, ctx, args.id.typename, await resolveNode(args.id));
      },
    },
    nodesQueryOptions: {
      extensions: { ...auth.authenticated, ...listBound({ max: MAX_NODE_IDS, byArgLength: 'ids' }) },
      description: `Objects by their IDs (at most ${MAX_NODE_IDS}), in the same order; null for each that does not exist or you may not read.`,
      resolve: async (_root, args, ctx, info, resolveNodes) => {
        if (args.ids.length > MAX_NODE_IDS) {
          throw new GraphQLError(`Ask for at most ${MAX_NODE_IDS} IDs at a time.`, {
            extensions: { code: 'BAD_REQUEST' },
          });
        }
        const all = args.ids;
        const readable = all.map((id) => nodeTypeReadable(info, ctx, id.typename));
        // Pothos resolves `args.ids` whatever list is passed to resolveNodes, so narrow args itself.
        args.ids = all.filter((_id, i) => readable[i]);
        const found = args.ids.length ? await resolveNodes(args.ids) : [];
        let i = 0;
        return all.map((id, n) => (readable[n] ? readableNode(info, ctx, id.typename, found[i++]) : null));
      },
    },
  },
});

/**
 * Whether `node`/`nodes` may look up an ID of this type for this person: the type must exist as a
 * Node and its read permission be held, so that a thing one may not read answers exactly like one
 * that does not exist (null), and an ID of a kind without a node (yet) is null, never an error.
 */
function nodeTypeReadable(info: GraphQLResolveInfo, ctx: Ctx, typename: string): boolean {
  if (!(typename in ID_PREFIXES)) return false;
  const type = info.schema.getType(typename);
  if (!(type instanceof GraphQLObjectType) || !type.getInterfaces().some((i) => i.name === 'Node'))
    return false;
  const rule = type.extensions?.['auth'] as AuthRule | undefined;
  if (!rule || typeof rule === 'string') return rule !== undefined;
  return Boolean(rule.orSelf) || Boolean(ctx.viewer?.permissions.has(rule.permission));
}

/** A found node, or null when only "self" may read it and the viewer is someone else. */
function readableNode<T>(info: GraphQLResolveInfo, ctx: Ctx, typename: string, node: T): T | null {
  const rule = (info.schema.getType(typename)?.extensions?.['auth'] ?? undefined) as AuthRule | undefined;
  if (node == null || !rule || typeof rule === 'string' || !rule.orSelf) return node ?? null;
  if (ctx.viewer?.permissions.has(rule.permission)) return node;
  return (rule.orSelf as (p: unknown, c: Ctx) => boolean)(node, ctx) ? node : null;
}

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

/**
 * An uploaded file (GraphQL multipart request), the name issue #29 gives an import's file: the same
 * multipart file as `File` (productMediaUpload), read as a stream by its command.
 */
builder.scalarType('Upload', {
  description: 'An uploaded file (GraphQL multipart request), e.g. an import’s CSV.',
  extensions: auth.public,
  serialize: () => {
    throw new Error('Upload is an input only.');
  },
  parseValue: (value) => {
    // Yoga hands over its own File implementation; check the shape, not the class.
    const f = value as Partial<File> | null;
    if (!f || typeof f.stream !== 'function' || typeof f.name !== 'string' || typeof f.size !== 'number')
      throw new DomainError([
        { field: ['file'], code: 'INVALID', message: 'Send the file as a multipart upload.' },
      ]);
    return value as File;
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
 * Runs one command (a mutation) in exactly one transaction, opened here and handed to the service,
 * and shapes its payload: the result's fields, or `userErrors` when a service raised a DomainError
 * (which rolled the whole transaction back: stock, audit and idempotency key alike).
 */
export function command<T extends object>(
  ctx: Ctx,
  work: (trx: Tx) => Promise<T>,
  empty: Partial<T> = {},
): Promise<T & { userErrors: UserError[]; recordedEvents: string[] }> {
  // The events this command writes (for a payload's `auditEventId`, which "Undo" reverts).
  const recordedEvents: string[] = [];
  ctx.recordedEvents = recordedEvents;
  const retry = () => {
    recordedEvents.length = 0;
  };
  return payload(() => inTransaction(ctx.services.db, work, retry), empty).then((result) => ({
    ...result,
    recordedEvents: result.userErrors.length ? [] : recordedEvents,
  }));
}

/**
 * Shapes the payload of a mutation that needs no database transaction (or whose work is not in the
 * database, such as signing out): a DomainError becomes `userErrors`.
 */
export async function payload<T extends object>(
  run: () => Promise<T>,
  empty: Partial<T> = {},
): Promise<T & { userErrors: UserError[] }> {
  try {
    const result = await run();
    return { ...result, userErrors: [] };
  } catch (error) {
    if (error instanceof DomainError) return { ...(empty as T), userErrors: error.errors };
    throw error;
  }
}

/**
 * A list's sort keys as a GraphQL enum, from the list's one table of sorts (lib/pagination
 * SortChoice): each key is an enum value, with the description its sort declares.
 */
export function sortKeysEnum<K extends string>(
  name: string,
  sorts: Readonly<Record<K, { descending: boolean; description?: string }>>,
  description?: string,
) {
  const entries = Object.entries<{ description?: string }>(sorts);
  const values = Object.fromEntries(entries.map(([key, sort]) => [key, { description: sort.description }]));
  return builder.enumType(name, { description, values: values as Record<K, { description?: string }> });
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

export const UNDO_EVENT_DESCRIPTION =
  'The audit event this change wrote (null when it wrote none or several); auditEventRevert undoes it.';

/** A payload's `auditEventId`: the one event its command wrote, for "Undo". */
export function undoEventId(p: { recordedEvents?: string[] }): string | null {
  return p.recordedEvents?.length === 1 ? encodeId('AuditEvent', p.recordedEvents[0]!) : null;
}
