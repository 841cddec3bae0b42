import {
  defaultFieldResolver,
  GraphQLObjectType,
  type GraphQLFieldResolver,
  type GraphQLSchema,
} from 'graphql';
import type { Permission } from '@stockroom/domain';
import type { Ctx } from './context.js';
import { forbidden, unauthenticated } from './errors.js';

/**
 * What a field needs. Every field of every object type declares one, on the field or on its type
 * (root fields only on the field): `applyAuth` refuses to build a schema where one is missing.
 */
export type AuthRule =
  'public' | 'authenticated' | { permission: Permission; orSelf?: (parent: never, ctx: Ctx) => boolean };

export const auth = {
  public: { auth: 'public' } as { auth: AuthRule },
  authenticated: { auth: 'authenticated' } as { auth: AuthRule },
  permission: (permission: Permission) => ({ auth: { permission } }) as { auth: AuthRule },
  permissionOrSelf: <P>(permission: Permission, orSelf: (parent: P, ctx: Ctx) => boolean) =>
    ({ auth: { permission, orSelf } }) as { auth: AuthRule },
};

const ROOTS = new Set(['Query', 'Mutation', 'Subscription']);

function ruleOf(type: GraphQLObjectType, fieldName: string): AuthRule | undefined {
  const field = type.getFields()[fieldName]!;
  const own = field.extensions?.['auth'] as AuthRule | undefined;
  if (own || ROOTS.has(type.name)) return own;
  return type.extensions?.['auth'] as AuthRule | undefined;
}

/** Fields without a declaration, as `Type.field`. Empty for a schema that may be served. */
export function findUndeclaredFields(schema: GraphQLSchema): string[] {
  const missing: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!(type instanceof GraphQLObjectType) || type.name.startsWith('__')) continue;
    for (const name of Object.keys(type.getFields())) {
      if (!ruleOf(type, name)) missing.push(`${type.name}.${name}`);
    }
  }
  return missing;
}

export function check(rule: AuthRule, parent: unknown, ctx: Ctx): void {
  if (rule === 'public') return;
  const viewer = ctx.viewer;
  if (!viewer) throw unauthenticated();
  if (rule === 'authenticated') return;
  if (viewer.permissions.has(rule.permission)) return;
  if (rule.orSelf && (rule.orSelf as (p: unknown, c: Ctx) => boolean)(parent, ctx)) return;
  throw forbidden(rule.permission);
}

/** Wraps every resolver with its declared check; throws when a field has none. */
export function applyAuth(schema: GraphQLSchema): GraphQLSchema {
  const missing = findUndeclaredFields(schema);
  if (missing.length) {
    throw new Error(`These fields declare no permission (use auth.* in extensions): ${missing.join(', ')}`);
  }
  for (const type of Object.values(schema.getTypeMap())) {
    if (!(type instanceof GraphQLObjectType) || type.name.startsWith('__')) continue;
    for (const [name, field] of Object.entries(type.getFields())) {
      const rule = ruleOf(type, name)!;
      if (rule === 'public') continue;
      const resolve: GraphQLFieldResolver<unknown, Ctx> = field.resolve ?? defaultFieldResolver;
      field.resolve = (parent, args, ctx: Ctx, info) => {
        check(rule, parent, ctx);
        return resolve(parent, args, ctx, info);
      };
      if (field.subscribe) {
        const subscribe = field.subscribe;
        field.subscribe = (parent, args, ctx: Ctx, info) => {
          check(rule, parent, ctx);
          return subscribe(parent, args, ctx, info);
        };
      }
    }
  }
  return schema;
}
