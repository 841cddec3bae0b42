import { decodeIdOf, type UserError } from '@stockroom/domain';
import { auth, check } from '../../graphql/auth.js';
import {
  builder,
  command,
  UserErrorRef,
  UNDO_EVENT_DESCRIPTION,
  undoEventId,
} from '../../graphql/builder.js';
import type { Ctx } from '../../graphql/context.js';
import type { Product } from './catalog.model.js';
import { DomainError } from '@stockroom/domain';
import { ProductRef, ProductStatusEnum } from './product.schema.js';
import * as service from './product.service.js';
import { productDuplicate } from './product-duplicate.service.js';
import { productsBulkUpdate } from './bulk.service.js';
import { JobRef } from '../jobs/job.schema.js';
import type { Job } from '../jobs/jobs.model.js';

/*
 * The product's commands: its inputs, payloads and mutations (create, update, delete, duplicate,
 * bulk update). The types they answer with are in product.schema.ts.
 */

const ProductOptionInput = builder.inputType('ProductOptionInput', {
  fields: (t) => ({ name: t.string({ required: true }), values: t.stringList({ required: true }) }),
});

const StartingStockInput = builder.inputType('StartingStockInput', {
  fields: (t) => ({
    locationId: t.id({ required: true }),
    quantity: t.int({ required: true, description: 'Units received there, from 0.' }),
  }),
});

/** Starting stock puts units on hand: it needs INVENTORY_WRITE as well as CATALOG_WRITE. */
function checkStartingStock(input: { variants?: { startingStock?: unknown[] | null }[] | null }, ctx: Ctx) {
  if (input.variants?.some((v) => v.startingStock?.length))
    check({ permission: 'INVENTORY_WRITE' }, null, ctx);
}

const ProductVariantInput = builder.inputType('ProductVariantInput', {
  fields: (t) => ({
    id: t.id({ description: 'An existing variant to keep; leave out for a new one.' }),
    optionValues: t.stringList({ description: 'One value per product option, in option order.' }),
    sku: t.string(),
    barcode: t.string(),
    price: t.string({ description: 'Decimal in the store currency, e.g. "19.99".' }),
    compareAtPrice: t.string(),
    costPrice: t.string(),
    weightGrams: t.int(),
    trackInventory: t.boolean(),
    allowBackorder: t.boolean(),
    lowStockThreshold: t.int(),
    startingStock: t.field({
      type: [StartingStockInput],
      description:
        'Only for a new variant: units received at each location as it is made (a RECEIVED movement noted "Starting stock"). Needs INVENTORY_WRITE.',
    }),
  }),
});

const ProductInput = builder.inputType('ProductInput', {
  description:
    'Fields left out keep their values on update. Every rule is checked and every failing field reported at once.',
  fields: (t) => ({
    title: t.string(),
    handle: t.string({ description: 'Made from the title when empty.' }),
    description: t.string({ description: 'HTML; sanitized to a safe subset.' }),
    status: t.field({ type: ProductStatusEnum }),
    vendor: t.string(),
    productType: t.string(),
    categoryId: t.id(),
    tags: t.stringList(),
    options: t.field({ type: [ProductOptionInput] }),
    variants: t.field({
      type: [ProductVariantInput],
      description: 'The full list; variants left out are removed.',
    }),
    seoTitle: t.string(),
    seoDescription: t.string(),
    version: t.int({ description: 'The version you loaded; a stale one is refused with STALE_VERSION.' }),
  }),
});

const ProductBulkActionInput = builder.inputType('ProductBulkActionInput', {
  description: 'Exactly one of these.',
  fields: (t) => ({
    setStatus: t.field({ type: ProductStatusEnum }),
    addTags: t.stringList(),
    removeTags: t.stringList(),
    addToCollectionId: t.id(),
    delete: t.boolean(),
  }),
});

const ProductsBulkUpdatePayload = builder
  .objectRef<{ changedCount: number; job?: Job | null; userErrors: UserError[] }>('ProductsBulkUpdatePayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      changedCount: t.exposeInt('changedCount', {
        description: 'How many products (or collection memberships) changed (0 when a job does it).',
      }),
      job: t.field({
        type: JobRef,
        nullable: true,
        description: 'Over 1,000 products: the BULK_EDIT job making the change in the background.',
        resolve: (p) => p.job ?? null,
      }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const ProductPayload = builder
  .objectRef<{ product?: Product | null; userErrors: UserError[]; recordedEvents?: string[] }>(
    'ProductPayload',
  )
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      product: t.field({ type: ProductRef, nullable: true, resolve: (p) => p.product ?? null }),
      auditEventId: t.id({ nullable: true, description: UNDO_EVENT_DESCRIPTION, resolve: undoEventId }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const ProductDeletePayload = builder
  .objectRef<{ deletedProductId?: string | null; userErrors: UserError[]; recordedEvents?: string[] }>(
    'ProductDeletePayload',
  )
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      deletedProductId: t.exposeID('deletedProductId', { nullable: true }),
      auditEventId: t.id({ nullable: true, description: UNDO_EVENT_DESCRIPTION, resolve: undoEventId }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

function productUuid(id: string | number): string {
  const uuid = decodeIdOf('Product', String(id));
  if (!uuid) throw DomainError.one('INVALID', 'This product does not exist.', ['id']);
  return uuid;
}

const clean = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

builder.mutationFields((t) => ({
  productCreate: t.field({
    type: ProductPayload,
    extensions: auth.permission('CATALOG_WRITE'),
    args: { input: t.arg({ type: ProductInput, required: true }) },
    resolve: (_r, args, ctx) => {
      checkStartingStock(args.input, ctx);
      return command(ctx, async (trx) => ({
        product: await service.productCreate(trx, ctx, clean(args.input)),
      }));
    },
  }),
  productUpdate: t.field({
    type: ProductPayload,
    extensions: auth.permission('CATALOG_WRITE'),
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: ProductInput, required: true }) },
    resolve: (_r, args, ctx) => {
      checkStartingStock(args.input, ctx);
      return command(ctx, async (trx) => ({
        product: await service.productUpdate(
          trx,
          ctx,
          productUuid(args.id),
          clean(args.input) as service.ProductUpdateInput,
        ),
      }));
    },
  }),
  productDelete: t.field({
    type: ProductDeletePayload,
    extensions: auth.permission('CATALOG_WRITE'),
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => {
        await service.productDelete(trx, ctx, productUuid(args.id));
        return { deletedProductId: String(args.id) };
      }),
  }),
  productDuplicate: t.field({
    type: ProductPayload,
    description:
      'Copies a product as a draft: every variant field, SKUs made unique ("-copy", "-copy-2" …), no barcodes and no stock; images when copyImages.',
    extensions: auth.permission('CATALOG_WRITE'),
    args: {
      id: t.arg.id({ required: true }),
      title: t.arg.string(),
      copyImages: t.arg.boolean({ defaultValue: false }),
    },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        product: await productDuplicate(trx, ctx, productUuid(args.id), {
          title: args.title ?? null,
          copyImages: Boolean(args.copyImages),
        }),
      })),
  }),
  productsBulkUpdate: t.field({
    type: ProductsBulkUpdatePayload,
    description: 'One action on the given products, or on every product a search finds ("all matching").',
    extensions: auth.permission('CATALOG_WRITE'),
    args: {
      ids: t.arg.idList(),
      query: t.arg.string({
        description: 'Instead of ids: every product this search finds (at most 10,000).',
      }),
      action: t.arg({ type: ProductBulkActionInput, required: true }),
    },
    resolve: async (_r, args, ctx) => {
      const result = await command(
        ctx,
        (trx) =>
          productsBulkUpdate(
            trx,
            ctx,
            { ids: args.ids?.map(String) ?? null, query: args.query ?? null },
            {
              ...args.action,
              addToCollectionId:
                args.action.addToCollectionId == null ? null : String(args.action.addToCollectionId),
            },
            ctx.services.jobs,
          ),
        { changedCount: 0, job: null },
      );
      if (result.job) ctx.services.jobs.wake();
      return result;
    },
  }),
}));
