import { listBound } from '../../graphql/cost.js';
import {
  decodeIdOf,
  describeDiscountValue,
  DISCOUNT_APPLIES_TO,
  DISCOUNT_KINDS,
  DISCOUNT_STATUSES,
  discountStatus,
  DomainError,
  encodeId,
  formatMinor,
  type UserError,
  DISCOUNT_MAX_TARGETS,
} from '@stockroom/domain';
import type { Ctx } from '../../graphql/context.js';
import type { Discount } from './discount.model.js';
import { auth } from '../../graphql/auth.js';
import {
  builder,
  command,
  countWhenAsked,
  emptyConnection,
  toConnection,
  UserErrorRef,
  sortKeysEnum,
} from '../../graphql/builder.js';
import { MoneyRef, ProductRef, type MoneyValue } from '../catalog/product.schema.js';
import { CollectionRef } from '../catalog/category-collection.schema.js';
import { countDiscounts, DISCOUNT_SORTS, pageDiscounts } from './discount.repository.js';
import { discountSearchCondition } from './discount-search.js';
import { ruleOf } from './discount.service.js';
import * as service from './discount.service.js';

const read = auth.permission('DISCOUNTS_READ');
const write = auth.permission('DISCOUNTS_WRITE');

async function money(ctx: Ctx, minor: number | null): Promise<MoneyValue | null> {
  return minor === null
    ? null
    : { minor: Number(minor), currencyCode: (await ctx.loaders.shop()).currencyCode };
}

export const DiscountKindEnum = builder.enumType('DiscountKind', { values: DISCOUNT_KINDS });
const DiscountStatusEnum = builder.enumType('DiscountStatus', {
  description: 'Derived: DISABLED by staff; EXPIRED past its end or out of uses; SCHEDULED before its start.',
  values: DISCOUNT_STATUSES,
});
const DiscountAppliesToEnum = builder.enumType('DiscountAppliesTo', { values: DISCOUNT_APPLIES_TO });
const DiscountSortKeys = sortKeysEnum(
  'DiscountSortKeys',
  DISCOUNT_SORTS,
  'CODE from A; the others largest (latest) first.',
);

export const DiscountRef = builder.objectRef<Discount>('Discount');

builder.node(DiscountRef, {
  description: 'A discount code (SPEC §3): its rules, usage and derived status.',
  extensions: read,
  id: { resolve: (d) => d.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'usageCount' in o && 'oncePerCustomer' in o,
  loadOne: (id, ctx) => ctx.loaders.discountById.load(id),
  fields: (t) => ({
    code: t.exposeString('code'),
    kind: t.field({ type: DiscountKindEnum, resolve: (d) => d.kind }),
    value: t.string({
      nullable: true,
      description:
        'PERCENTAGE: the percent ("15", "12.5"); FIXED_AMOUNT: the amount ("10.00"); FREE_SHIPPING: null.',
      resolve: async (d, _a, ctx) => {
        if (d.kind === 'PERCENTAGE') return String(Number(d.percentage));
        if (d.kind !== 'FIXED_AMOUNT') return null;
        return formatMinor(Number(d.amount), (await ctx.loaders.shop()).currencyCode);
      },
    }),
    percentage: t.string({
      nullable: true,
      description: 'PERCENTAGE only ("15", "12.5").',
      resolve: (d) => (d.percentage === null ? null : String(Number(d.percentage))),
    }),
    amount: t.field({
      type: MoneyRef,
      nullable: true,
      description: 'FIXED_AMOUNT only.',
      resolve: (d, _a, ctx) => money(ctx, d.amount),
    }),
    summary: t.string({
      description: '"15% off", "10.00 USD off", "Free shipping".',
      resolve: async (d, _a, ctx) =>
        describeDiscountValue(
          ruleOf(d, { productIds: [], collectionIds: [] }),
          (await ctx.loaders.shop()).currencyCode,
        ),
    }),
    appliesTo: t.field({ type: DiscountAppliesToEnum, resolve: (d) => d.appliesTo }),
    products: t.field({
      extensions: listBound({ max: DISCOUNT_MAX_TARGETS }),
      type: [ProductRef],
      description: 'When it applies to chosen products (at most 250); empty without CATALOG_READ.',
      resolve: async (d, _a, ctx) => {
        if (!ctx.viewer?.permissions.has('CATALOG_READ')) return [];
        const { productIds } = await ctx.loaders.discountTargetsById.load(d.id);
        const rows = await ctx.loaders.productById.loadMany(productIds);
        return rows.flatMap((r) => (r && !(r instanceof Error) ? [r] : []));
      },
    }),
    collections: t.field({
      extensions: listBound({ max: DISCOUNT_MAX_TARGETS }),
      type: [CollectionRef],
      description: 'When it applies to chosen collections (at most 250); empty without CATALOG_READ.',
      resolve: async (d, _a, ctx) => {
        if (!ctx.viewer?.permissions.has('CATALOG_READ')) return [];
        const { collectionIds } = await ctx.loaders.discountTargetsById.load(d.id);
        const rows = await ctx.loaders.collectionById.loadMany(collectionIds);
        return rows.flatMap((r) => (r && !(r instanceof Error) ? [r] : []));
      },
    }),
    minimumSubtotal: t.field({
      type: MoneyRef,
      nullable: true,
      description: 'Of the lines it applies to.',
      resolve: (d, _a, ctx) => money(ctx, d.minimumSubtotal),
    }),
    minimumQuantity: t.exposeInt('minimumQuantity', {
      nullable: true,
      description: 'Of the items it applies to.',
    }),
    startsAt: t.field({ type: 'DateTime', resolve: (d) => d.startsAt }),
    endsAt: t.field({ type: 'DateTime', nullable: true, resolve: (d) => d.endsAt }),
    usageLimit: t.exposeInt('usageLimit', { nullable: true, description: 'Orders in all; null: no limit.' }),
    oncePerCustomer: t.exposeBoolean('oncePerCustomer'),
    usageCount: t.exposeInt('usageCount', {
      description: 'Orders carrying the code, cancelled ones not counted.',
    }),
    status: t.field({
      type: DiscountStatusEnum,
      resolve: (d) => discountStatus(ruleOf(d, { productIds: [], collectionIds: [] }), new Date()),
    }),
    disabled: t.boolean({ resolve: (d) => d.disabledAt !== null }),
    disabledAt: t.field({ type: 'DateTime', nullable: true, resolve: (d) => d.disabledAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (d) => d.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (d) => d.updatedAt }),
    version: t.exposeInt('version'),
  }),
});

const DiscountInput = builder.inputType('DiscountInput', {
  description: 'On update, fields left out keep their values.',
  fields: (t) => ({
    code: t.string({ description: '3–64 of A–Z a–z 0–9 _ -; unique whatever the case.' }),
    kind: t.field({ type: DiscountKindEnum }),
    value: t.string({
      description:
        'PERCENTAGE: 0.01–100 ("15"); FIXED_AMOUNT: an amount more than 0 ("10.00"); FREE_SHIPPING: left out.',
    }),
    appliesTo: t.field({ type: DiscountAppliesToEnum }),
    productIds: t.idList({ description: 'With appliesTo PRODUCTS; at most 250.' }),
    collectionIds: t.idList({ description: 'With appliesTo COLLECTIONS; at most 250.' }),
    minimumSubtotal: t.string({ description: 'Of the lines it applies to; null for none.' }),
    minimumQuantity: t.int({ description: 'Of the items it applies to; null for none.' }),
    startsAt: t.field({ type: 'DateTime', description: 'Default: now.' }),
    endsAt: t.field({ type: 'DateTime', description: 'After startsAt; null: no end.' }),
    usageLimit: t.int({ description: 'Orders in all; null: no limit.' }),
    oncePerCustomer: t.boolean(),
    disabled: t.boolean(),
  }),
});

type DiscountInputArg = {
  productIds?: (string | number)[] | null;
  collectionIds?: (string | number)[] | null;
};

function rawOf<T extends DiscountInputArg>(input: T): service.DiscountInputRaw {
  return {
    ...(input as service.DiscountInputRaw),
    ...(input.productIds !== undefined ? { productIds: input.productIds?.map(String) ?? null } : {}),
    ...(input.collectionIds !== undefined ? { collectionIds: input.collectionIds?.map(String) ?? null } : {}),
  };
}

function discountUuid(id: string | number): string {
  const uuid = decodeIdOf('Discount', String(id));
  if (!uuid) throw DomainError.one('INVALID', 'This discount does not exist.', ['id']);
  return uuid;
}

const DiscountPayload = builder
  .objectRef<{ discount?: Discount | null; userErrors: UserError[] }>('DiscountPayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      discount: t.field({ type: DiscountRef, nullable: true, resolve: (p) => p.discount ?? null }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const DiscountDeletePayload = builder
  .objectRef<{ deletedId?: string | null; userErrors: UserError[] }>('DiscountDeletePayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      deletedId: t.id({
        nullable: true,
        resolve: (p) => (p.deletedId ? encodeId('Discount', p.deletedId) : null),
      }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

function fresh(ctx: Ctx, discount: Discount) {
  ctx.loaders.discountById.clear(discount.id).prime(discount.id, discount);
  ctx.loaders.discountTargetsById.clear(discount.id);
}

builder.queryFields((t) => ({
  discounts: t.connection(
    {
      type: DiscountRef,
      description:
        'Discount codes matching a search: free words are code prefixes; status:, kind:, applies_to:, code:, usage_count:, created_at:, starts_at:, ends_at:.',
      extensions: read,
      args: {
        query: t.arg.string(),
        sortKey: t.arg({ type: DiscountSortKeys, defaultValue: 'CREATED_AT' }),
        reverse: t.arg.boolean({ defaultValue: false }),
      },
      resolve: async (_r, args, ctx, info) => {
        const search = discountSearchCondition(args.query);
        if ('errors' in search) return emptyConnection(search.errors) as never;
        const db = ctx.services.db;
        const count = countWhenAsked(info, () => countDiscounts(db, search.condition));
        const page = await pageDiscounts(
          db,
          search.condition,
          args.sortKey ?? 'CREATED_AT',
          Boolean(args.reverse),
          args,
        );
        for (const row of page.rows) ctx.loaders.discountById.prime(row.id, row);
        return toConnection(page, count);
      },
    },
    { name: 'DiscountConnection' },
    { name: 'DiscountEdge' },
  ),
  discount: t.field({
    type: DiscountRef,
    nullable: true,
    extensions: read,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => {
      const uuid = decodeIdOf('Discount', String(args.id));
      return uuid ? ctx.loaders.discountById.load(uuid) : null;
    },
  }),
}));

builder.mutationFields((t) => ({
  discountCreate: t.field({
    type: DiscountPayload,
    extensions: write,
    args: { input: t.arg({ type: DiscountInput, required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => {
        const discount = await service.discountCreate(trx, ctx, rawOf(args.input));
        fresh(ctx, discount);
        return { discount };
      }),
  }),
  discountUpdate: t.field({
    type: DiscountPayload,
    description:
      'Changes a code’s rules for orders placed from now on; STALE_VERSION when saved by someone since `version`.',
    extensions: write,
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: DiscountInput, required: true }),
      version: t.arg.int(),
    },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => {
        const discount = await service.discountUpdate(trx, ctx, {
          id: discountUuid(args.id),
          raw: rawOf(args.input),
          version: args.version,
        });
        fresh(ctx, discount);
        return { discount };
      }),
  }),
  discountDelete: t.field({
    type: DiscountDeletePayload,
    description: 'Deletes a code no order carries (HAS_DEPENDENTS otherwise: disable it instead).',
    extensions: write,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        deletedId: await service.discountDelete(trx, ctx, discountUuid(args.id)),
      })),
  }),
}));
