import { listBound } from '../../graphql/cost.js';
import { decodeIdOf, formatMinor, PRODUCT_STATUSES } from '@stockroom/domain';
import type { ProductOptionJson, Product, Variant } from './catalog.model.js';
import { auth } from '../../graphql/auth.js';
import {
  builder,
  countWhenAsked,
  emptyConnection,
  toConnection,
  sortKeysEnum,
} from '../../graphql/builder.js';
import { fieldPaths, nodeFieldPaths } from '../../graphql/selection.js';
import { primeProductPage, productPageWants } from './product-page.loaders.js';
import type { Ctx } from '../../graphql/context.js';
import { listProducts } from './catalog-list.service.js';
import { PRODUCT_SORT_KEYS } from './product.repository.js';

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

export const ProductStatusEnum = builder.enumType('ProductStatus', { values: PRODUCT_STATUSES });

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
