import { listBound } from '../../graphql/cost.js';
import {
  API_TOKEN_STATUSES,
  decodeIdOf,
  DomainError,
  type Permission,
  type UserError,
} from '@stockroom/domain';
import type { ApiToken } from './staff.model.js';
import type { Viewer } from '../../actor.js';
import { auth } from '../../graphql/auth.js';
import { builder, command, PermissionEnum, UserErrorRef } from '../../graphql/builder.js';
import { MAX_LISTED_TOKENS } from './api-token.repository.js';
import { apiTokenCreate, apiTokenRevoke, listApiTokens } from './api-token.service.js';

const manage = auth.permission('STAFF_MANAGE');

const ApiTokenStatusEnum = builder.enumType('ApiTokenStatus', { values: API_TOKEN_STATUSES });

const CreatorRef = builder
  .objectRef<{ name: string | null; email: string | null }>('ApiTokenCreator')
  .implement({
    extensions: manage,
    fields: (t) => ({
      name: t.exposeString('name', { nullable: true }),
      email: t.exposeString('email', { nullable: true }),
    }),
  });

export const ApiTokenRef = builder.objectRef<ApiToken>('ApiToken');
builder.node(ApiTokenRef, {
  description:
    'A credential for an integration (storefront, ERP, script), sent as `Authorization: Bearer …`.',
  extensions: manage,
  id: { resolve: (t) => t.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'prefix' in o && 'permissions' in o,
  loadOne: async (id, ctx) => (await listApiTokens(ctx.services.db)).find((t) => t.id === id) ?? null,
  fields: (t) => ({
    name: t.exposeString('name'),
    prefix: t.exposeString('prefix', {
      description: 'The first characters of the token, to tell tokens apart.',
    }),
    permissions: t.field({
      extensions: listBound({ max: 32 }),
      type: [PermissionEnum],
      resolve: (row) => row.permissions as Permission[],
    }),
    status: t.field({
      type: ApiTokenStatusEnum,
      resolve: (row) =>
        row.revokedAt
          ? 'REVOKED'
          : row.expiresAt && new Date(row.expiresAt).getTime() <= Date.now()
            ? 'EXPIRED'
            : 'ACTIVE',
    }),
    createdBy: t.field({
      type: CreatorRef,
      nullable: true,
      resolve: async (row, _a, ctx) => {
        if (!row.createdBy) return null;
        const staff = await ctx.loaders.staffById.load(row.createdBy);
        return staff ? { name: staff.name, email: staff.email } : null;
      },
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    expiresAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.expiresAt }),
    lastUsedAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.lastUsedAt }),
    revokedAt: t.field({ type: 'DateTime', nullable: true, resolve: (row) => row.revokedAt }),
  }),
});

const ApiTokenInput = builder.inputType('ApiTokenInput', {
  fields: (t) => ({
    name: t.string({
      required: true,
      description: 'What uses it, 1–100 characters ("Storefront", "ERP sync").',
    }),
    permissions: t.field({ type: [PermissionEnum], required: true, description: 'At most those you hold.' }),
    expiresAt: t.field({ type: 'DateTime', description: 'Leave out for a token that does not expire.' }),
  }),
});

const ApiTokenCreatePayload = builder
  .objectRef<{ apiToken?: ApiToken | null; token?: string | null; userErrors: UserError[] }>(
    'ApiTokenCreatePayload',
  )
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      apiToken: t.field({ type: ApiTokenRef, nullable: true, resolve: (p) => p.apiToken ?? null }),
      token: t.string({
        nullable: true,
        description: 'The token itself, shown this once: only its hash is kept.',
        resolve: (p) => p.token ?? null,
      }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const ApiTokenRevokePayload = builder
  .objectRef<{ apiToken?: ApiToken | null; userErrors: UserError[] }>('ApiTokenRevokePayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      apiToken: t.field({ type: ApiTokenRef, nullable: true, resolve: (p) => p.apiToken ?? null }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

builder.queryField('apiTokens', (t) =>
  t.field({
    extensions: { ...manage, ...listBound({ max: MAX_LISTED_TOKENS }) },
    type: [ApiTokenRef],
    description: 'The store’s API tokens, newest first (at most 200).',
    resolve: (_r, _a, ctx) => listApiTokens(ctx.services.db),
  }),
);

builder.mutationFields((t) => ({
  apiTokenCreate: t.field({
    type: ApiTokenCreatePayload,
    description: 'Makes a token with permissions you hold (ESCALATION_FORBIDDEN otherwise); answers it once.',
    extensions: manage,
    args: { input: t.arg({ type: ApiTokenInput, required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => {
        const made = await apiTokenCreate(trx, ctx as typeof ctx & { viewer: Viewer }, args.input);
        return { apiToken: made.row, token: made.token };
      }),
  }),
  apiTokenRevoke: t.field({
    type: ApiTokenRevokePayload,
    description: 'Stops a token at once.',
    extensions: manage,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => {
        const id = decodeIdOf('ApiToken', String(args.id));
        if (!id) throw DomainError.one('INVALID', 'This API token does not exist.', ['id']);
        return { apiToken: await apiTokenRevoke(trx, ctx, id) };
      }),
  }),
}));
