import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import type { Fixtures } from './fuzz-fixtures.js';
import {
  forgedCursors,
  hostileBooleans,
  hostileEnums,
  hostileIds,
  hostileInts,
  hostileSearches,
  hostileStrings,
  LONE_SURROGATE,
  NUL,
  randomHex,
  withNull,
  type Hostile,
} from './hostile-values.js';
import { expectedIdType, Plausible } from './plausible-values.js';
import { selectionFor } from './selection-builder.js';

export interface FuzzCase {
  /** e.g. Mutation.productCreate */
  field: string;
  /** Where the hostile value went, e.g. input.variants[0].price */
  path: string;
  kind: string;
  /** Sent without the session cookie (login). */
  anonymous: boolean;
  body: string;
}

/** Never fuzzed: it ends the session every other case runs in. */
const SKIP = new Set(['logout']);
/** Sent signed out, so failed sign-ins throttle nobody the other cases need. */
const ANONYMOUS = new Set(['login']);
/** Run after everything else: they may change the password or end other sessions. */
const LAST = new Set(['passwordChange', 'sessionRevoke']);
/** The server refuses bodies over 1 MB before reading them; a case must reach GraphQL. */
const MAX_BODY = 1024 * 1024 - 1024;

type Segment = string | number;
interface Found {
  path: Segment[];
  hostile: Hostile;
}

interface Walk {
  rootField: string;
  random: () => number;
  fixtures: Fixtures;
  /** Search fields the server named for this field's `query`. */
  searchFields: string[];
  /** Input fields already fuzzed in full once (`Type.field`): later ones get null and one value in turn. */
  seen: Set<string>;
  /** NUL or a lone surrogate (in turn) goes once per root field: the server refuses them before reading any argument. */
  nulSent: boolean;
  /** Which real id of another kind to send next, so every kind gets sent somewhere. */
  rotation: { next: number };
}

function allLeafValues(named: GraphQLInputType, name: string, owner: string | undefined, w: Walk): Hostile[] {
  if (isEnumType(named)) return hostileEnums(named.getValues().map((v) => v.value as string));
  switch (getNamedType(named).name) {
    case 'ID':
      return hostileIds(
        expectedIdType(w.rootField, name, owner),
        w.fixtures.ids,
        w.random,
        w.rotation.next++,
        owner !== undefined,
      );
    case 'Int':
      return hostileInts(name === 'last', owner !== undefined);
    case 'Boolean':
      return hostileBooleans();
    case 'File':
      return [
        { kind: 'string-as-file', value: 'abc' },
        { kind: 'object-as-file', value: { a: 1 } },
      ];
    default:
      if (name === 'after' || name === 'before')
        return forgedCursors(w.fixtures.productCursor, name === 'before');
      if (name === 'query')
        return [...hostileStrings(name, false).slice(0, 3), ...hostileSearches(w.searchFields)];
      return hostileStrings(name, owner !== undefined);
  }
}

/** All values the first time an input field is met; later (the same input type elsewhere), one of them in turn. */
function leafValues(
  named: GraphQLInputType,
  name: string,
  owner: string | undefined,
  nullable: boolean,
  again: boolean,
  w: Walk,
): Hostile[] {
  const all = withNull(nullable, allLeafValues(named, name, owner, w));
  return again ? [all[w.rotation.next++ % all.length]!] : all;
}

/** Every (path, value) to try inside one argument: the value itself, list items, input fields one at a time. */
function* walk(
  type: GraphQLInputType,
  path: Segment[],
  name: string,
  owner: string | undefined,
  w: Walk,
): Generator<Found> {
  const nullable = !isNonNullType(type);
  const inner = isNonNullType(type) ? type.ofType : type;
  const key = `${owner ?? w.rootField}.${name}`;
  const again = owner !== undefined && w.seen.has(key);
  if (owner !== undefined) w.seen.add(key);
  if (isListType(inner)) {
    if (nullable) yield { path, hostile: { kind: 'null', value: null } };
    if (!again) {
      yield { path, hostile: { kind: 'empty-list', value: [] } };
      if (!isNonNullType(inner.ofType)) yield { path, hostile: { kind: 'null-item', value: [null] } };
      const item = getNamedType(inner.ofType).name;
      if (item === 'ID' || item === 'String') {
        const many = Array.from({ length: 500 }, () =>
          item === 'ID' ? `prod_${randomHex(w.random, 32)}` : `x${randomHex(w.random, 8)}`,
        );
        yield { path, hostile: { kind: '500-items', value: many } };
      }
    }
    // The items get the list's own name (and owner), so a list is fuzzed in full once too.
    if (owner !== undefined && !again) w.seen.delete(key);
    yield* walk(inner.ofType, [...path, 0], name, owner, w);
    return;
  }
  if (isInputObjectType(inner)) {
    if (nullable) yield { path, hostile: { kind: 'null', value: null } };
    if (!w.seen.has(inner.name)) {
      w.seen.add(inner.name);
      yield { path, hostile: { kind: 'unknown-field', value: { fuzzUnknown: 1 } } };
      yield { path, hostile: { kind: 'empty-object', value: {} } };
    }
    for (const f of Object.values(inner.getFields()))
      yield* walk(f.type, [...path, f.name], f.name, inner.name, w);
    return;
  }
  const named = getNamedType(inner);
  const stringy = named.name === 'String' || named.name === 'ID';
  if (stringy && !w.nulSent) {
    w.nulSent = true;
    yield { path, hostile: w.rotation.next++ % 2 ? NUL : LONE_SURROGATE };
  }
  for (const hostile of leafValues(named, name, owner, nullable, again, w)) yield { path, hostile };
}

/** The argument's plausible value with the hostile one put at `path`. */
function place(
  type: GraphQLInputType,
  path: Segment[],
  value: unknown,
  rootField: string,
  plausible: Plausible,
): unknown {
  if (!path.length) return value;
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return [place(inner.ofType, path.slice(1), value, rootField, plausible)];
  if (!isInputObjectType(inner)) throw new Error(`cannot descend into ${inner.toString()}`);
  const field = inner.getFields()[path[0] as string]!;
  return {
    ...plausible.base(inner, rootField),
    [field.name]: place(field.type, path.slice(1), value, rootField, plausible),
  };
}

const pathText = (name: string, path: Segment[]) =>
  name + path.map((s) => (typeof s === 'number' ? `[${s}]` : `.${s}`)).join('');

export function operationText(
  op: 'query' | 'mutation',
  field: GraphQLField<unknown, unknown>,
  args: Record<string, unknown>,
  nested?: { field: GraphQLField<unknown, unknown>; args: Record<string, unknown> },
): string {
  const decl = (prefix: string, f: GraphQLField<unknown, unknown>, given: Record<string, unknown>) =>
    f.args.filter((a) => a.name in given).map((a) => `$${prefix}${a.name}: ${a.type.toString()}`);
  const call = (prefix: string, f: GraphQLField<unknown, unknown>, given: Record<string, unknown>) => {
    const list = f.args.filter((a) => a.name in given).map((a) => `${a.name}: $${prefix}${a.name}`);
    return list.length ? `${f.name}(${list.join(', ')})` : f.name;
  };
  const decls = [...decl('', field, args), ...(nested ? decl('n_', nested.field, nested.args) : [])];
  const inner = nested
    ? `{ ${call('n_', nested.field, nested.args)} ${selectionFor(nested.field.type)} }`
    : selectionFor(field.type);
  return `${op}${decls.length ? `(${decls.join(', ')})` : ''} { ${call('', field, args)} ${inner} }`;
}

function body(query: string, variables: Record<string, unknown>): string {
  const text = JSON.stringify({ query, variables });
  if (Buffer.byteLength(text) > MAX_BODY) throw new Error(`a fuzz case is over 1 MB: ${query.slice(0, 100)}`);
  return text;
}

export interface GenerateOptions {
  schema: GraphQLSchema;
  fixtures: Fixtures;
  random: () => number;
  /** Root field name → search fields the server names for its `query`. */
  searchFields: Record<string, string[]>;
}

export function generateCases({ schema, fixtures, random, searchFields }: GenerateOptions): FuzzCase[] {
  const plausible = new Plausible(fixtures);
  const seen = new Set<string>();
  // A search language shared by two fields (products, productsBulkUpdate) is fuzzed field by field once.
  const searchesSeen = new Set<string>();
  const rotation = { next: 0 };
  const cases: FuzzCase[] = [];
  const last: FuzzCase[] = [];
  const roots: ['query' | 'mutation', GraphQLObjectType | null | undefined][] = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ];
  for (const [op, root] of roots) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      if (SKIP.has(field.name)) continue;
      const known = searchFields[field.name] ?? [];
      const fresh = !searchesSeen.has(known.join());
      searchesSeen.add(known.join());
      const w: Walk = {
        rootField: field.name,
        random,
        fixtures,
        searchFields: fresh ? known : [],
        seen,
        nulSent: false,
        rotation,
      };
      const target = LAST.has(field.name) ? last : cases;
      const push = (path: string, kind: string, query: string, variables: Record<string, unknown>) =>
        target.push({
          field: `${root!.name}.${field.name}`,
          path,
          kind,
          anonymous: ANONYMOUS.has(field.name),
          body: body(query, variables),
        });
      const given = plausible.args(field);
      for (const arg of field.args as GraphQLArgument[]) {
        for (const { path, hostile } of walk(arg.type, [], arg.name, undefined, w)) {
          const args = { ...given, [arg.name]: place(arg.type, path, hostile.value, field.name, plausible) };
          push(pathText(arg.name, path), hostile.kind, operationText(op, field, args), args);
        }
      }
      // Arguments one level down (e.g. collection(id:) { products(after:) }), on a real parent.
      const returned = getNamedType(field.type);
      if (
        op !== 'query' ||
        !isObjectType(returned) ||
        isListType(isNonNullType(field.type) ? field.type.ofType : field.type)
      )
        continue;
      for (const child of Object.values(returned.getFields())) {
        const cw: Walk = { ...w, rootField: child.name, searchFields: [], nulSent: true };
        for (const arg of child.args) {
          for (const { path, hostile } of walk(arg.type, [], arg.name, undefined, cw)) {
            const nested = {
              field: child,
              args: { [arg.name]: place(arg.type, path, hostile.value, child.name, plausible) },
            };
            push(
              `${child.name}.${pathText(arg.name, path)}`,
              hostile.kind,
              operationText(op, field, given, nested),
              {
                ...given,
                ...Object.fromEntries(Object.entries(nested.args).map(([k, v]) => [`n_${k}`, v])),
              },
            );
          }
        }
      }
    }
  }
  return [...cases, ...last];
}
