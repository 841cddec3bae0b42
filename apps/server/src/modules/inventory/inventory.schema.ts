import { decodeIdOf, type UserError } from '@stockroom/domain';
import type { InventoryLevelRow, InventoryMovementRow, LocationRow } from '../../db/types.js';
import { MOVEMENT_REASONS } from '../../db/types.js';
import { auth } from '../../graphql/auth.js';
import { builder, countWhenAsked, emptyConnection, payload, toConnection, UserErrorRef } from '../../graphql/builder.js';
import type { Ctx } from '../../graphql/context.js';
import { UserErrors } from '../../graphql/errors.js';
import { cappedCount, keysetPage } from '../../lib/pagination.js';
import { AddressInput, AddressRef } from '../settings/settings.schema.js';
import { ProductRef, VariantRef } from '../catalog/product.schema.js';
import { ADJUSTMENT_REASONS, inventoryAdjust, inventoryTransfer, type StockOutcome } from './inventory.service.js';
import { levelSearchCondition, movementSearchCondition } from './inventory-search.js';
import { locationCreate, locationsReorder, locationUpdate } from './location.service.js';

const read = auth.permission('CATALOG_READ');
const write = auth.permission('INVENTORY_WRITE');

export const LocationRef = builder.objectRef<LocationRow>('Location');
builder.node(LocationRef, {
  description: 'A place that holds stock.',
  extensions: auth.authenticated,
  id: { resolve: (l) => l.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'fulfillment_priority' in o,
  loadOne: (id, ctx) => ctx.loaders.locationById.load(id),
  fields: (t) => ({
    name: t.exposeString('name'),
    address: t.field({ type: AddressRef, nullable: true, resolve: (l) => l.address }),
    active: t.exposeBoolean('active'),
    fulfillmentPriority: t.exposeInt('fulfillment_priority', { description: '1 is tried first when an order takes stock.' }),
    createdAt: t.field({ type: 'DateTime', resolve: (l) => l.created_at }),
    updatedAt: t.field({ type: 'DateTime', resolve: (l) => l.updated_at }),
    version: t.exposeInt('version'),
  }),
});

export const LevelRef = builder.objectRef<InventoryLevelRow>('InventoryLevel');
builder.node(LevelRef, {
  description: 'Stock of one variant at one location.',
  extensions: read,
  id: { resolve: (l) => l.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'on_hand' in o && 'committed' in o,
  loadOne: (id, ctx) => ctx.services.db.selectFrom('inventory_levels').selectAll().where('id', '=', id).executeTakeFirst().then((r) => r ?? null),
  fields: (t) => ({
    variant: t.field({ type: VariantRef, resolve: async (l, _a, ctx) => (await ctx.loaders.variantById.load(l.variant_id))! }),
    location: t.field({ type: LocationRef, resolve: async (l, _a, ctx) => (await ctx.loaders.locationById.load(l.location_id))! }),
    onHand: t.exposeInt('on_hand'),
    committed: t.exposeInt('committed', { description: 'Reserved by open orders.' }),
    available: t.int({ description: 'On hand minus committed.', resolve: (l) => l.on_hand - l.committed }),
    incoming: t.exposeInt('incoming'),
    lowStock: t.boolean({
      description: 'Available is at or below the variant’s threshold (or the store’s).',
      resolve: async (l, _a, ctx) => {
        const v = await ctx.loaders.variantById.load(l.variant_id);
        const threshold = v?.low_stock_threshold ?? (await ctx.loaders.shop()).low_stock_threshold;
        return l.on_hand - l.committed <= threshold;
      },
    }),
    updatedAt: t.field({ type: 'DateTime', resolve: (l) => l.updated_at }),
    version: t.exposeInt('version'),
  }),
});

const MovementReasonEnum = builder.enumType('InventoryMovementReason', { values: MOVEMENT_REASONS });
const AdjustmentReasonEnum = builder.enumType('InventoryAdjustmentReason', { values: ADJUSTMENT_REASONS });

export const MovementRef = builder.objectRef<InventoryMovementRow>('InventoryMovement');
builder.node(MovementRef, {
  description: 'One change of a stock level: who, when, why, and the quantities it left.',
  extensions: read,
  id: { resolve: (m) => m.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'on_hand_delta' in o,
  loadOne: (id, ctx) => ctx.services.db.selectFrom('inventory_movements').selectAll().where('id', '=', id).executeTakeFirst().then((r) => r ?? null),
  fields: (t) => ({
    variant: t.field({ type: VariantRef, nullable: true, resolve: (m, _a, ctx) => ctx.loaders.variantById.load(m.variant_id) }),
    location: t.field({ type: LocationRef, resolve: async (m, _a, ctx) => (await ctx.loaders.locationById.load(m.location_id))! }),
    reason: t.field({ type: MovementReasonEnum, resolve: (m) => m.reason }),
    onHandDelta: t.exposeInt('on_hand_delta'),
    committedDelta: t.exposeInt('committed_delta'),
    onHandBefore: t.int({ resolve: (m) => m.on_hand_after - m.on_hand_delta }),
    onHandAfter: t.exposeInt('on_hand_after'),
    committedAfter: t.exposeInt('committed_after'),
    note: t.exposeString('note', { nullable: true }),
    staffName: t.exposeString('staff_name', { nullable: true, description: 'Who made it; null for the system (orders, imports).' }),
    createdAt: t.field({ type: 'DateTime', resolve: (m) => m.created_at }),
  }),
});

builder.objectField(VariantRef, 'inventoryLevels', (t) =>
  t.field({ type: [LevelRef], description: 'Stock at each location that has a level, by fulfillment priority.', resolve: (v, _a, ctx) => ctx.loaders.levelsByVariantId.load(v.id) }),
);
builder.objectField(ProductRef, 'totalAvailable', (t) =>
  t.int({
    nullable: true,
    description: 'Units available across all locations for variants that track stock; null when none do.',
    resolve: (p, _a, ctx) => ctx.loaders.availableByProductId.load(p.id),
  }),
);

const LevelSortKeys = builder.enumType('InventoryLevelSortKeys', {
  values: { PRODUCT_TITLE: { description: 'A to Z.' }, SKU: { description: 'A to Z.' }, AVAILABLE: { description: 'Fewest first.' }, UPDATED_AT: { description: 'Most recent first.' } } as const,
});

const LEVEL_SORTS = {
  PRODUCT_TITLE: { expression: "lower(p.title) || ' ' || lpad(v.position::text, 5, '0')", cast: 'text', descending: false, value: (r: LevelListRow) => `${r.product_title.toLowerCase()} ${String(r.variant_position).padStart(5, '0')}` },
  SKU: { expression: "coalesce(lower(v.sku), '')", cast: 'text', descending: false, value: (r: LevelListRow) => (r.sku ?? '').toLowerCase() },
  AVAILABLE: { expression: '(l.on_hand - l.committed)', cast: 'integer', descending: false, value: (r: LevelListRow) => r.on_hand - r.committed },
  UPDATED_AT: { expression: 'l.updated_at', cast: 'timestamptz', descending: true, value: (r: LevelListRow) => r.updated_at },
} as const;

type LevelListRow = InventoryLevelRow & { product_title: string; variant_position: number; sku: string | null };

function levelQuery(ctx: Ctx) {
  return ctx.services.db
    .selectFrom('inventory_levels as l')
    .innerJoin('product_variants as v', 'v.id', 'l.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .innerJoin('locations as loc', 'loc.id', 'l.location_id')
    .selectAll('l')
    .select(['p.title as product_title', 'v.position as variant_position', 'v.sku'])
    .where('v.track_inventory', '=', true);
}

builder.queryFields((t) => ({
  locations: t.field({
    type: [LocationRef],
    description: 'Every location, by fulfillment priority (few enough to list whole).',
    extensions: auth.authenticated,
    args: { includeInactive: t.arg.boolean({ defaultValue: true }) },
    resolve: (_r, args, ctx) => {
      let q = ctx.services.db.selectFrom('locations').selectAll().orderBy('fulfillment_priority').orderBy('id');
      if (args.includeInactive === false) q = q.where('active', '=', true);
      return q.execute();
    },
  }),
  inventoryLevels: t.connection(
    {
      type: LevelRef,
      description: 'Stock levels (variant × location) matching a search: sku:, location:, vendor:, available:<5, on_hand:, committed:, low_stock:true, or words of the product title.',
      extensions: read,
      args: { query: t.arg.string(), sortKey: t.arg({ type: LevelSortKeys, defaultValue: 'PRODUCT_TITLE' }), reverse: t.arg.boolean({ defaultValue: false }) },
      resolve: async (_r, args, ctx, info) => {
        const search = levelSearchCondition(args.query);
        if ('errors' in search) return emptyConnection(search.errors) as never;
        let query = levelQuery(ctx);
        if (search.condition) query = query.where(search.condition);
        const key = LEVEL_SORTS[args.sortKey ?? 'PRODUCT_TITLE'];
        const count = countWhenAsked(info, () => cappedCount(ctx.services.db, query));
        const page = await keysetPage(query, { ...key, idColumn: 'l.id' }, key.descending !== Boolean(args.reverse), args);
        return toConnection(page, count);
      },
    },
    { name: 'InventoryLevelConnection' },
    { name: 'InventoryLevelEdge' },
  ),
  inventoryMovements: t.connection(
    {
      type: MovementRef,
      description: 'The stock ledger, newest first: sku:, location:, reason:, staff: (name or email), created_at:>-7d, or words of the product title.',
      extensions: read,
      args: { query: t.arg.string(), variantId: t.arg.id() },
      resolve: async (_r, args, ctx, info) => {
        const search = movementSearchCondition(args.query);
        if ('errors' in search) return emptyConnection(search.errors) as never;
        let query = ctx.services.db
          .selectFrom('inventory_movements as m')
          .innerJoin('product_variants as v', 'v.id', 'm.variant_id')
          .innerJoin('products as p', 'p.id', 'v.product_id')
          .innerJoin('locations as loc', 'loc.id', 'm.location_id')
          .selectAll('m');
        if (args.variantId != null) {
          const uuid = decodeIdOf('ProductVariant', String(args.variantId));
          if (!uuid) return emptyConnection([{ field: ['variantId'], code: 'INVALID', message: 'This variant does not exist.' }]) as never;
          query = query.where('m.variant_id', '=', uuid);
        }
        if (search.condition) query = query.where(search.condition);
        const count = countWhenAsked(info, () => cappedCount(ctx.services.db, query));
        const page = await keysetPage(query, { expression: 'm.created_at', cast: 'timestamptz', idColumn: 'm.id', value: (r: InventoryMovementRow) => r.created_at }, true, args);
        return toConnection(page, count);
      },
    },
    { name: 'InventoryMovementConnection' },
    { name: 'InventoryMovementEdge' },
  ),
}));

const AdjustmentInput = builder.inputType('InventoryAdjustmentInput', {
  fields: (t) => ({
    variantId: t.id({ required: true }),
    locationId: t.id({ required: true }),
    delta: t.int({ description: 'Units to add (negative to remove).' }),
    setOnHand: t.int({ description: 'Or: the counted on-hand quantity.' }),
    expectedOnHand: t.int({ description: 'Only if on hand is still this (compare-and-swap); STALE_VERSION otherwise.' }),
  }),
});

const AdjustInput = builder.inputType('InventoryAdjustInput', {
  fields: (t) => ({
    reason: t.field({ type: AdjustmentReasonEnum, required: true }),
    note: t.string(),
    changes: t.field({ type: [AdjustmentInput], required: true }),
    idempotencyKey: t.string({ description: 'A repeat with the same key returns the first result.' }),
  }),
});

const TransferInput = builder.inputType('InventoryTransferInput', {
  fields: (t) => ({
    variantId: t.id({ required: true }),
    fromLocationId: t.id({ required: true }),
    toLocationId: t.id({ required: true }),
    quantity: t.int({ required: true }),
    note: t.string(),
    idempotencyKey: t.string(),
  }),
});

const StockPayload = (name: string) =>
  builder.objectRef<{ outcome?: StockOutcome | null; userErrors: UserError[] }>(name).implement({
    extensions: auth.public,
    fields: (t) => ({
      levels: t.field({
        type: [LevelRef],
        nullable: true,
        resolve: async (p, _a, ctx) => {
          if (!p.outcome) return null;
          const rows = await Promise.all(p.outcome.levels.map((l) => ctx.loaders.levelsByVariantId.load(l.variantId)));
          return p.outcome.levels.map((l, i) => rows[i]!.find((r) => r.location_id === l.locationId)!).filter(Boolean);
        },
      }),
      movements: t.field({
        type: [MovementRef],
        nullable: true,
        resolve: async (p, _a, ctx) =>
          p.outcome?.movementIds.length
            ? ctx.services.db.selectFrom('inventory_movements').selectAll().where('id', 'in', p.outcome.movementIds).orderBy('id').execute()
            : p.outcome
              ? []
              : null,
      }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const LocationPayload = builder.objectRef<{ location?: LocationRow | null; locations?: LocationRow[] | null; userErrors: UserError[] }>('LocationPayload').implement({
  extensions: auth.public,
  fields: (t) => ({
    location: t.field({ type: LocationRef, nullable: true, resolve: (p) => p.location ?? null }),
    locations: t.field({ type: [LocationRef], nullable: true, description: 'All locations, after a reorder.', resolve: (p) => p.locations ?? null }),
    userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
  }),
});

const LocationInput = builder.inputType('LocationInput', {
  fields: (t) => ({
    name: t.string(),
    address: t.field({ type: AddressInput }),
    active: t.boolean({ description: 'Deactivating is refused while the location holds stock or committed units.' }),
    version: t.int(),
  }),
});

const locationUuid = (id: string | number) => {
  const uuid = decodeIdOf('Location', String(id));
  if (!uuid) throw UserErrors.one('INVALID', 'This location does not exist.', ['id']);
  return uuid;
};

builder.mutationFields((t) => ({
  inventoryAdjust: t.field({
    type: StockPayload('InventoryAdjustPayload'),
    description: 'Adjusts on-hand stock at one or more levels with one reason; all or nothing.',
    extensions: write,
    args: { input: t.arg({ type: AdjustInput, required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => ({
        outcome: await inventoryAdjust(ctx.services.db, ctx, {
          ...args.input,
          changes: args.input.changes.map((c) => ({ ...c, variantId: String(c.variantId), locationId: String(c.locationId) })),
        }),
      })),
  }),
  inventoryTransfer: t.field({
    type: StockPayload('InventoryTransferPayload'),
    description: 'Moves available units of a variant between locations; both sides or neither.',
    extensions: write,
    args: { input: t.arg({ type: TransferInput, required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => ({
        outcome: await inventoryTransfer(ctx.services.db, ctx, {
          ...args.input,
          variantId: String(args.input.variantId),
          fromLocationId: String(args.input.fromLocationId),
          toLocationId: String(args.input.toLocationId),
        }),
      })),
  }),
  locationCreate: t.field({
    type: LocationPayload,
    extensions: write,
    args: { input: t.arg({ type: LocationInput, required: true }) },
    resolve: (_r, args, ctx) => payload(async () => ({ location: await locationCreate(ctx.services.db, ctx, args.input) })),
  }),
  locationUpdate: t.field({
    type: LocationPayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: LocationInput, required: true }) },
    resolve: (_r, args, ctx) => payload(async () => ({ location: await locationUpdate(ctx.services.db, ctx, locationUuid(args.id), args.input) })),
  }),
  locationsReorder: t.field({
    type: LocationPayload,
    description: 'Sets fulfillment priority: the given locations first, in that order.',
    extensions: write,
    args: { ids: t.arg.idList({ required: true }) },
    resolve: (_r, args, ctx) => payload(async () => ({ locations: await locationsReorder(ctx.services.db, ctx, args.ids.map(String)) })),
  }),
}));
