import { listBound, type ListBound } from '../../graphql/cost.js';
import {
  ADJUSTMENT_REASONS,
  decodeIdOf,
  encodeId,
  isLowStock,
  isStocked,
  MAX_ADJUSTMENTS,
  MOVEMENT_REASONS,
  type UserError,
} from '@stockroom/domain';
import type { InventoryLevel, InventoryMovement, Location } from './inventory.model.js';
import type { Variant } from '../catalog/catalog.model.js';
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
import { DomainError } from '@stockroom/domain';
import { AddressInput, AddressRef } from '../settings/settings.schema.js';
import { ProductRef, VariantRef } from '../catalog/product.schema.js';
import { inventoryAdjust, inventoryTransfer, type StockOutcome } from './inventory.service.js';
import { listInventoryLevels, listInventoryMovements } from './inventory-list.service.js';
import { findLevel, LEVEL_SORTS } from './level.repository.js';
import { locationCreate, locationsReorder, locationUpdate } from './location.service.js';
import { listLocations } from './location.repository.js';
import { findMovement, findMovementsByIds } from './movement.repository.js';
import { levelAvailable } from './stock.js';

const read = auth.permission('CATALOG_READ');
const write = auth.permission('INVENTORY_WRITE');

export const LocationRef = builder.objectRef<Location>('Location');
builder.node(LocationRef, {
  description: 'A place that holds stock.',
  extensions: auth.authenticated,
  id: { resolve: (l) => l.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'fulfillmentPriority' in o,
  loadOne: (id, ctx) => ctx.loaders.locationById.load(id),
  fields: (t) => ({
    name: t.exposeString('name'),
    address: t.field({ type: AddressRef, nullable: true, resolve: (l) => l.address }),
    active: t.exposeBoolean('active'),
    fulfillmentPriority: t.exposeInt('fulfillmentPriority', {
      description: '1 is tried first when an order takes stock.',
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (l) => l.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (l) => l.updatedAt }),
    version: t.exposeInt('version'),
  }),
});

export const LevelRef = builder.objectRef<InventoryLevel>('InventoryLevel');
builder.node(LevelRef, {
  description: 'Stock of one variant at one location.',
  extensions: read,
  id: { resolve: (l) => l.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'onHand' in o && 'committed' in o,
  loadOne: (id, ctx) => findLevel(ctx.services.db, id),
  fields: (t) => ({
    variant: t.field({
      type: VariantRef,
      resolve: (l, _a, ctx) => ctx.loaders.variantById.now(l.variantId) as Variant | Promise<Variant>,
    }),
    location: t.field({
      type: LocationRef,
      resolve: (l, _a, ctx) => ctx.loaders.locationById.now(l.locationId) as Location | Promise<Location>,
    }),
    onHand: t.exposeInt('onHand'),
    committed: t.exposeInt('committed', { description: 'Reserved by open orders.' }),
    available: t.int({ description: 'On hand minus committed.', resolve: (l) => levelAvailable(l) }),
    incoming: t.exposeInt('incoming'),
    lowStock: t.boolean({
      description:
        'Available is at or below the variant’s threshold (or the store’s) at a location that stocks it (SPEC §10: it holds or owes units, or stock ever moved there).',
      resolve: async (l, _a, ctx) => {
        const [v, shop] = await Promise.all([ctx.loaders.variantById.load(l.variantId), ctx.loaders.shop()]);
        const hasMovements =
          l.onHand !== 0 || l.committed !== 0
            ? true
            : await ctx.loaders.levelHasMovements.load(`${l.variantId}:${l.locationId}`);
        const stocked = isStocked({ onHand: l.onHand, committed: l.committed, hasMovements });
        return isLowStock(levelAvailable(l), v?.lowStockThreshold, shop.lowStockThreshold, stocked);
      },
    }),
    updatedAt: t.field({ type: 'DateTime', resolve: (l) => l.updatedAt }),
    version: t.exposeInt('version'),
  }),
});

const MovementReasonEnum = builder.enumType('InventoryMovementReason', { values: MOVEMENT_REASONS });
const AdjustmentReasonEnum = builder.enumType('InventoryAdjustmentReason', { values: ADJUSTMENT_REASONS });

export const MovementRef = builder.objectRef<InventoryMovement>('InventoryMovement');
builder.node(MovementRef, {
  description: 'One change of a stock level: who, when, why, and the quantities it left.',
  extensions: read,
  id: { resolve: (m) => m.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'onHandDelta' in o,
  loadOne: (id, ctx) => findMovement(ctx.services.db, id),
  fields: (t) => ({
    variant: t.field({
      type: VariantRef,
      nullable: true,
      resolve: (m, _a, ctx) => ctx.loaders.variantById.load(m.variantId),
    }),
    location: t.field({
      type: LocationRef,
      resolve: async (m, _a, ctx) => (await ctx.loaders.locationById.load(m.locationId))!,
    }),
    reason: t.field({ type: MovementReasonEnum, resolve: (m) => m.reason }),
    onHandDelta: t.exposeInt('onHandDelta'),
    committedDelta: t.exposeInt('committedDelta'),
    onHandBefore: t.int({ resolve: (m) => m.onHandAfter - m.onHandDelta }),
    onHandAfter: t.exposeInt('onHandAfter'),
    committedAfter: t.exposeInt('committedAfter'),
    note: t.exposeString('note', { nullable: true }),
    orderId: t.id({
      nullable: true,
      description:
        'The order that made this movement (ORDER_COMMITTED, ORDER_RELEASED, FULFILLED, RESTOCKED); its note names it ("Order #1001-F2").',
      resolve: (m) => (m.orderId ? encodeId('Order', m.orderId) : null),
    }),
    staffName: t.exposeString('staffName', {
      nullable: true,
      description: 'Who made it; null for the system (orders, imports).',
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (m) => m.createdAt }),
  }),
});

builder.objectField(VariantRef, 'inventoryLevels', (t) =>
  t.field({
    extensions: listBound({ counted: 'locations' }),
    type: [LevelRef],
    description: 'Stock at each location that has a level, by fulfillment priority.',
    resolve: (v, _a, ctx) => ctx.loaders.levelsByVariantId.now(v.id),
  }),
);
builder.objectField(ProductRef, 'totalAvailable', (t) =>
  t.int({
    nullable: true,
    description: 'Units available across all locations for variants that track stock; null when none do.',
    resolve: (p, _a, ctx) =>
      p.totalAvailable !== undefined ? p.totalAvailable : ctx.loaders.availableByProductId.load(p.id),
  }),
);

const LevelSortKeys = sortKeysEnum('InventoryLevelSortKeys', LEVEL_SORTS);

builder.queryFields((t) => ({
  locations: t.field({
    extensions: { ...auth.authenticated, ...listBound({ counted: 'locations' }) },
    type: [LocationRef],
    description: 'Every location, by fulfillment priority (few enough to list whole).',
    args: { includeInactive: t.arg.boolean({ defaultValue: true }) },
    resolve: (_r, args, ctx) =>
      listLocations(ctx.services.db, { activeOnly: args.includeInactive === false }),
  }),
  inventoryLevels: t.connection(
    {
      type: LevelRef,
      description:
        'Stock levels (variant × location) matching a search: sku:, location:, vendor:, available:<5, on_hand:, committed:, low_stock:true, or words of the product title.',
      extensions: read,
      args: {
        query: t.arg.string(),
        sortKey: t.arg({ type: LevelSortKeys, defaultValue: 'PRODUCT_TITLE' }),
        reverse: t.arg.boolean({ defaultValue: false }),
      },
      resolve: async (_r, args, ctx, info) => {
        const list = listInventoryLevels(ctx.services.db, {
          query: args.query,
          sortKey: args.sortKey ?? 'PRODUCT_TITLE',
          reverse: Boolean(args.reverse),
          page: args,
        });
        if ('errors' in list) return emptyConnection(list.errors) as never;
        const count = countWhenAsked(info, list.count);
        return toConnection(await list.page(), count);
      },
    },
    { name: 'InventoryLevelConnection' },
    { name: 'InventoryLevelEdge' },
  ),
  inventoryMovements: t.connection(
    {
      type: MovementRef,
      description:
        'The stock ledger, newest first: sku:, location:, reason:, staff: (name or email), created_at:>-7d, or words of the product title.',
      extensions: read,
      args: { query: t.arg.string(), variantId: t.arg.id() },
      resolve: async (_r, args, ctx, info) => {
        const variantId = args.variantId == null ? null : String(args.variantId);
        const list = listInventoryMovements(ctx.services.db, { query: args.query, variantId, page: args });
        if ('errors' in list) return emptyConnection(list.errors) as never;
        const count = countWhenAsked(info, list.count);
        return toConnection(await list.page(), count);
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
    expectedOnHand: t.int({
      description: 'Only if on hand is still this (compare-and-swap); STALE_VERSION otherwise.',
    }),
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

/** A stock change's payload; `most` bounds its levels and movements (one of each per change). */
const StockPayload = (name: string, most: ListBound) =>
  builder.objectRef<{ outcome?: StockOutcome | null; userErrors: UserError[] }>(name).implement({
    extensions: auth.public,
    fields: (t) => ({
      levels: t.field({
        extensions: listBound(most),
        type: [LevelRef],
        nullable: true,
        resolve: async (p, _a, ctx) => {
          if (!p.outcome) return null;
          const rows = await Promise.all(
            p.outcome.levels.map((l) => ctx.loaders.levelsByVariantId.load(l.variantId)),
          );
          return p.outcome.levels
            .map((l, i) => rows[i]!.find((r) => r.locationId === l.locationId)!)
            .filter(Boolean);
        },
      }),
      movements: t.field({
        extensions: listBound(most),
        type: [MovementRef],
        nullable: true,
        resolve: (p, _a, ctx) =>
          p.outcome ? findMovementsByIds(ctx.services.db, p.outcome.movementIds) : null,
      }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const LocationPayload = builder
  .objectRef<{ location?: Location | null; locations?: Location[] | null; userErrors: UserError[] }>(
    'LocationPayload',
  )
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      location: t.field({ type: LocationRef, nullable: true, resolve: (p) => p.location ?? null }),
      locations: t.field({
        extensions: listBound({ counted: 'locations' }),
        type: [LocationRef],
        nullable: true,
        description: 'All locations, after a reorder.',
        resolve: (p) => p.locations ?? null,
      }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const LocationInput = builder.inputType('LocationInput', {
  fields: (t) => ({
    name: t.string(),
    address: t.field({ type: AddressInput }),
    active: t.boolean({
      description: 'Deactivating is refused while the location holds stock or committed units.',
    }),
    version: t.int(),
  }),
});

const locationUuid = (id: string | number) => {
  const uuid = decodeIdOf('Location', String(id));
  if (!uuid) throw DomainError.one('INVALID', 'This location does not exist.', ['id']);
  return uuid;
};

builder.mutationFields((t) => ({
  inventoryAdjust: t.field({
    type: StockPayload('InventoryAdjustPayload', { max: MAX_ADJUSTMENTS, byInput: ['input', 'changes'] }),
    description: 'Adjusts on-hand stock at one or more levels with one reason; all or nothing.',
    extensions: write,
    args: { input: t.arg({ type: AdjustInput, required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        outcome: await inventoryAdjust(trx, ctx, {
          ...args.input,
          changes: args.input.changes.map((c) => ({
            ...c,
            variantId: String(c.variantId),
            locationId: String(c.locationId),
          })),
        }),
      })),
  }),
  inventoryTransfer: t.field({
    type: StockPayload('InventoryTransferPayload', { max: 2 }) /* from and to */,
    description: 'Moves available units of a variant between locations; both sides or neither.',
    extensions: write,
    args: { input: t.arg({ type: TransferInput, required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        outcome: await inventoryTransfer(trx, ctx, {
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
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({ location: await locationCreate(trx, ctx, args.input) })),
  }),
  locationUpdate: t.field({
    type: LocationPayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: LocationInput, required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        location: await locationUpdate(trx, ctx, locationUuid(args.id), args.input),
      })),
  }),
  locationsReorder: t.field({
    type: LocationPayload,
    description: 'Sets fulfillment priority: the given locations first, in that order.',
    extensions: write,
    args: { ids: t.arg.idList({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({ locations: await locationsReorder(trx, ctx, args.ids.map(String)) })),
  }),
}));
