import { encodeId, type UserError } from '@stockroom/domain';
import { auth, check } from '../../graphql/auth.js';
import {
  builder,
  command,
  UserErrorRef,
  UserErrorCodeEnum,
  UNDO_EVENT_DESCRIPTION,
  undoEventId,
} from '../../graphql/builder.js';
import { listBound } from '../../graphql/cost.js';
import type { BulkCellError, BulkOutcome } from './variant-bulk.model.js';
import { VariantRef } from '../catalog/product.schema.js';
import { variantsByIds } from '../catalog/product.service.js';
import { BulkRejected, MAX_BULK_ERRORS, MAX_BULK_ROWS, variantsBulkUpdate } from './variant-bulk.service.js';

/*
 * The bulk grid editor's one save (issue #34): many variants' fields and stock levels at once, all
 * or nothing, as one audit event that "Undo" reverts whole.
 */

const BulkChangeInput = builder.inputType('ProductVariantBulkChange', {
  description: 'One row of the grid: the fields sent change, the ones left out stay.',
  fields: (t) => ({
    variantId: t.id({ required: true }),
    expectedVersion: t.int({ required: true, description: 'ProductVariant.version the grid loaded.' }),
    price: t.string({ description: 'Decimal in the store currency, e.g. "19.99".' }),
    compareAtPrice: t.string({ description: 'null clears it.' }),
    cost: t.string({ description: 'The cost price; null clears it.' }),
    sku: t.string({ description: 'null or "" clears it.' }),
    barcode: t.string({ description: 'null or "" clears it.' }),
    weight: t.int({ description: 'Grams; null clears it.' }),
    trackInventory: t.boolean(),
  }),
});

const BulkStockInput = builder.inputType('ProductVariantBulkStock', {
  description: 'One stock cell: the on hand of a variant at a location.',
  fields: (t) => ({
    variantId: t.id({ required: true }),
    locationId: t.id({ required: true }),
    onHand: t.int({ required: true }),
    expectedOnHand: t.int({
      description: 'The on hand the grid loaded; a different current value is refused with STALE_VERSION.',
    }),
  }),
});

const BulkErrorRef = builder.objectRef<BulkCellError>('ProductVariantBulkError').implement({
  description: 'A cell the save refused. When any is returned nothing was saved.',
  extensions: auth.public,
  fields: (t) => ({
    kind: t.exposeString('kind', {
      description: '"change" or "stock": which input list `index` points into.',
    }),
    index: t.exposeInt('index', { description: 'Position in `changes` or `stock`.' }),
    variantId: t.exposeID('variantId'),
    locationId: t.exposeID('locationId', { nullable: true, description: 'For stock cells.' }),
    column: t.exposeString('column', {
      description: 'price | compareAtPrice | cost | sku | barcode | weight | trackInventory | onHand | row',
    }),
    code: t.field({ type: UserErrorCodeEnum, resolve: (e) => e.code }),
    message: t.exposeString('message', { description: 'What is wrong, in plain words.' }),
  }),
});

const BulkPayload = builder
  .objectRef<Partial<BulkOutcome> & { userErrors: UserError[]; recordedEvents?: string[] }>(
    'ProductVariantsBulkUpdatePayload',
  )
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      updatedCount: t.int({
        description: 'Variants whose fields changed.',
        resolve: (p) => p.updatedCount ?? 0,
      }),
      stockChangedCount: t.int({
        description: 'Stock levels whose on hand changed.',
        resolve: (p) => p.stockChangedCount ?? 0,
      }),
      auditEventId: t.id({
        nullable: true,
        description: `${UNDO_EVENT_DESCRIPTION} Undoing it undoes the whole save.`,
        resolve: (p) => (p.auditEventId ? encodeId('AuditEvent', p.auditEventId) : undoEventId(p)),
      }),
      variants: t.field({
        type: [VariantRef],
        extensions: listBound({ max: MAX_BULK_ROWS, byInput: ['changes'] }),
        description:
          'The changed variants as they are now (new versions). Each object selected under it costs once per row of `changes` (2,000 rows × 2 objects, e.g. the variant and its price, is 4,000 of the 5,000 a request may cost).',
        resolve: (p) => p.variants ?? [],
      }),
      errors: t.field({
        type: [BulkErrorRef],
        extensions: listBound({ max: MAX_BULK_ERRORS }),
        description: 'Refused cells (at most 500); when any, nothing was saved.',
        resolve: (p) => p.errors ?? [],
      }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

builder.mutationFields((t) => ({
  productVariantsBulkUpdate: t.field({
    type: BulkPayload,
    description: `Saves many variants' fields and stock levels at once (at most ${MAX_BULK_ROWS.toLocaleString('en-US')} rows), all or nothing. Stock needs INVENTORY_WRITE as well.`,
    extensions: auth.permission('CATALOG_WRITE'),
    args: {
      changes: t.arg({ type: [BulkChangeInput], required: true }),
      stock: t.arg({ type: [BulkStockInput], required: true }),
      idempotencyKey: t.arg.string({ required: true }),
      allowNegativeStock: t.arg.boolean({ defaultValue: false }),
    },
    resolve: async (_r, args, ctx) => {
      if (args.stock.length) check({ permission: 'INVENTORY_WRITE' }, null, ctx);
      try {
        const saved = await command(ctx, (trx) =>
          variantsBulkUpdate(trx, ctx, {
            changes: args.changes.map((c) => ({ ...c, variantId: String(c.variantId) })),
            stock: args.stock.map((s) => ({
              ...s,
              variantId: String(s.variantId),
              locationId: String(s.locationId),
            })),
            idempotencyKey: args.idempotencyKey,
            allowNegativeStock: Boolean(args.allowNegativeStock),
          }),
        );
        return {
          ...saved,
          variants: saved.variantIds ? await variantsByIds(ctx.services.db, saved.variantIds) : [],
          errors: [],
        };
      } catch (error) {
        // A refused cell rolled the whole save back: the cells are the answer.
        if (error instanceof BulkRejected) return { errors: error.errors, userErrors: [] };
        throw error;
      }
    },
  }),
}));
