import { listBound } from '../../graphql/cost.js';
import { decodeIdOf, formatMinor, PRODUCT_STATUSES, type UserError } from '@stockroom/domain';
import type { ProductOptionJson, Product, Variant } from './catalog.model.js';
import { auth, check } from '../../graphql/auth.js';
import {
  builder,
  command,
  countWhenAsked,
  emptyConnection,
  toConnection,
  UserErrorRef,
  UNDO_EVENT_DESCRIPTION,
  undoEventId,
  sortKeysEnum,
} from '../../graphql/builder.js';
import { fieldPaths, nodeFieldPaths } from '../../graphql/selection.js';
import { primeProductPage, productPageWants } from './product-page.loaders.js';
import type { Ctx } from '../../graphql/context.js';
import { DomainError } from '@stockroom/domain';
import { listProducts } from './catalog-list.service.js';
import { PRODUCT_SORT_KEYS } from './product.repository.js';
import * as service from './product.service.js';
import { productDuplicate } from './product-duplicate.service.js';
import { productsBulkUpdate } from './bulk.service.js';
import { JobRef } from '../jobs/job.schema.js';
import type { Job } from '../jobs/jobs.model.js';

export interface MoneyValue {
  minor: number;
  currencyCode: string;
}

export const MoneyRef = builder.objectRef<MoneyValue>('Money').implement({
  description:
    'An amount in the store currency: a decimal string, e.g. { amount: "19.99", currencyCode: "USD" }.',
  extensions: auth.authenticated,
  fields: (t) => ({
    amount: t.string({ resolve: (m) => formatMinor(m.minor, m.currencyCode) }),
    currencyCode: t.exposeString('currencyCode'),
  }),
});

/** An amount in the store currency: at once when the request has read the settings (a list has). */
function moneyOf(ctx: Ctx, minor: number): MoneyValue | Promise<MoneyValue> {
  const shop = ctx.loaders.shopNow();
  return shop
    ? { minor, currencyCode: shop.currencyCode }
    : ctx.loaders.shop().then((s) => ({ minor, currencyCode: s.currencyCode }));
}

function money(ctx: Ctx, minor: number | null): MoneyValue | null | Promise<MoneyValue | null> {
  return minor === null ? null : moneyOf(ctx, minor);
}

const ProductStatusEnum = builder.enumType('ProductStatus', { values: PRODUCT_STATUSES });

const ProductOptionRef = builder.objectRef<ProductOptionJson>('ProductOption').implement({
  extensions: auth.permission('CATALOG_READ'),
  fields: (t) => ({ name: t.exposeString('name'), values: t.exposeStringList('values') }),
});

export const ProductRef = builder.objectRef<Product>('Product');
export const VariantRef = builder.objectRef<Variant>('ProductVariant');

builder.node(VariantRef, {
  description: 'One purchasable combination of a product’s option values.',
  extensions: auth.permission('CATALOG_READ'),
  id: { resolve: (v) => v.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'optionValues' in o && 'trackInventory' in o,
  loadOne: (id, ctx) => ctx.loaders.variantById.load(id),
  fields: (t) => ({
    product: t.field({
      type: ProductRef,
      resolve: (v, _a, ctx) => ctx.loaders.productById.now(v.productId) as Product | Promise<Product>,
    }),
    title: t.exposeString('title', {
      description: 'The option values joined, e.g. "M / Blue"; "Default" without options.',
    }),
    optionValues: t.exposeStringList('optionValues'),
    sku: t.exposeString('sku', { nullable: true }),
    barcode: t.exposeString('barcode', { nullable: true }),
    price: t.field({ type: MoneyRef, resolve: (v, _a, ctx) => moneyOf(ctx, v.price) }),
    compareAtPrice: t.field({
      type: MoneyRef,
      nullable: true,
      resolve: (v, _a, ctx) => money(ctx, v.compareAtPrice),
    }),
    costPrice: t.field({ type: MoneyRef, nullable: true, resolve: (v, _a, ctx) => money(ctx, v.costPrice) }),
    weightGrams: t.exposeInt('weightGrams', { nullable: true }),
    trackInventory: t.exposeBoolean('trackInventory'),
    allowBackorder: t.exposeBoolean('allowBackorder'),
    lowStockThreshold: t.exposeInt('lowStockThreshold', {
      nullable: true,
      description: 'Overrides the store’s low-stock threshold when set.',
    }),
    position: t.exposeInt('position'),
    createdAt: t.field({ type: 'DateTime', resolve: (v) => v.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (v) => v.updatedAt }),
    version: t.exposeInt('version'),
  }),
});

const PriceRangeRef = builder.objectRef<{ min: MoneyValue; max: MoneyValue }>('PriceRange').implement({
  extensions: auth.permission('CATALOG_READ'),
  fields: (t) => ({
    min: t.field({ type: MoneyRef, resolve: (r) => r.min }),
    max: t.field({ type: MoneyRef, resolve: (r) => r.max }),
  }),
});

builder.node(ProductRef, {
  description: 'A product with its options and variants.',
  extensions: auth.permission('CATALOG_READ'),
  id: { resolve: (p) => p.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'variantCount' in o && 'seoTitle' in o,
  loadOne: (id, ctx) => ctx.loaders.productById.load(id),
  fields: (t) => ({
    title: t.exposeString('title'),
    handle: t.exposeString('handle'),
    description: t.exposeString('description', { description: 'Sanitized HTML.' }),
    status: t.field({ type: ProductStatusEnum, resolve: (p) => p.status }),
    vendor: t.exposeString('vendor', { nullable: true }),
    productType: t.exposeString('productType', { nullable: true }),
    tags: t.exposeStringList('tags'),
    options: t.field({
      // SPEC §5
      extensions: listBound({ max: 3 }),
      type: [ProductOptionRef],
      resolve: (p) => p.options,
    }),
    variants: t.field({
      // SPEC §5; live: the most any product has now
      extensions: listBound({ max: 2_000, counted: 'maxVariantsPerProduct' }),
      type: [VariantRef],
      description: 'All variants in position order (at most 2,000).',
      resolve: (p, _a, ctx) => ctx.loaders.variantsByProductId.now(p.id),
    }),
    variantCount: t.exposeInt('variantCount'),
    priceRange: t.field({
      type: PriceRangeRef,
      nullable: true,
      resolve: async (p, _a, ctx) =>
        p.minPrice === null || p.maxPrice === null
          ? null
          : { min: await moneyOf(ctx, p.minPrice), max: await moneyOf(ctx, p.maxPrice) },
    }),
    seoTitle: t.exposeString('seoTitle', { nullable: true }),
    seoDescription: t.exposeString('seoDescription', { nullable: true }),
    publishedAt: t.field({ type: 'DateTime', nullable: true, resolve: (p) => p.publishedAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (p) => p.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (p) => p.updatedAt }),
    version: t.exposeInt('version'),
  }),
});

const ProductSortKeysEnum = sortKeysEnum('ProductSortKeys', PRODUCT_SORT_KEYS);

builder.queryFields((t) => ({
  product: t.field({
    type: ProductRef,
    nullable: true,
    extensions: auth.permission('CATALOG_READ'),
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx, info) => {
      const uuid = decodeIdOf('Product', String(args.id));
      const row = uuid ? await ctx.loaders.productById.load(uuid) : null;
      if (row) await primeProductPage(ctx, [row], productPageWants(fieldPaths(info)));
      return row;
    },
  }),
  products: t.connection(
    {
      type: ProductRef,
      description: 'Products matching a search (SPEC §7.4 syntax), in pages.',
      extensions: auth.permission('CATALOG_READ'),
      args: {
        query: t.arg.string(),
        sortKey: t.arg({ type: ProductSortKeysEnum, defaultValue: 'UPDATED_AT' }),
        reverse: t.arg.boolean({ defaultValue: false }),
      },
      resolve: async (_r, args, ctx, info) => {
        const currency = (await ctx.loaders.shop()).currencyCode;
        const want = productPageWants(nodeFieldPaths(info));
        const list = listProducts(ctx.services.db, {
          query: args.query,
          currency,
          sortKey: args.sortKey ?? 'UPDATED_AT',
          reverse: Boolean(args.reverse),
          page: args,
          include: want,
        });
        if ('errors' in list)
          return emptyConnection(list.errors) as unknown as ReturnType<typeof toConnection<Product>>;
        const count = countWhenAsked(info, list.count);
        const page = await list.page();
        await primeProductPage(ctx, page.rows, want, page.relations);
        return toConnection(page, count);
      },
    },
    { name: 'ProductConnection' },
    { name: 'ProductEdge' },
  ),
}));

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
