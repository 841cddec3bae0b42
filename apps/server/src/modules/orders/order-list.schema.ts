import { decodeIdOf } from '@stockroom/domain';
import { auth } from '../../graphql/auth.js';
import {
  builder,
  countWhenAsked,
  emptyConnection,
  sortKeysEnum,
  toConnection,
} from '../../graphql/builder.js';
import { nodeFieldPaths } from '../../graphql/selection.js';
import { VariantRef } from '../catalog/product.schema.js';
import { OrderRef } from './order.refs.js';
import { listOrders } from './order-list.service.js';
import { ORDER_SORTS } from './order-list.repository.js';
import {
  countVariants,
  pageVariants,
  variantSearchCondition,
  VARIANT_SORTS,
} from './variant-picker.repository.js';

const OrderSortKeys = sortKeysEnum(
  'OrderSortKeys',
  ORDER_SORTS,
  'CREATED_AT, UPDATED_AT, NUMBER and TOTAL list the largest first; CUSTOMER_NAME from A.',
);

const ProductVariantSortKeys = sortKeysEnum(
  'ProductVariantSortKeys',
  VARIANT_SORTS,
  'TITLE (product, then variant) and SKU from A; UPDATED_AT newest first.',
);

builder.queryFields((t) => ({
  orders: t.connection(
    {
      type: OrderRef,
      description:
        'Orders matching a search: free words over number, email, customer name and SKU; status:, payment_status:, fulfillment_status:, source:, created_at:, updated_at:, total:, number:, tag:, email:, customer_id:, location:, sku:.',
      extensions: auth.permission('ORDERS_READ'),
      args: {
        query: t.arg.string(),
        sortKey: t.arg({ type: OrderSortKeys, defaultValue: 'CREATED_AT' }),
        reverse: t.arg.boolean({ defaultValue: false }),
      },
      resolve: async (_r, args, ctx, info) => {
        const shop = await ctx.loaders.shop();
        const shown = nodeFieldPaths(info, 1);
        const list = listOrders(ctx.services.db, {
          query: args.query,
          currency: shop.currencyCode,
          numberPrefix: shop.orderNumberPrefix,
          sortKey: args.sortKey ?? 'CREATED_AT',
          reverse: Boolean(args.reverse),
          page: args,
          include: { lines: shown.has('lines'), customer: shown.has('customer') },
        });
        if ('errors' in list) return emptyConnection(list.errors) as never;
        const count = countWhenAsked(info, list.count);
        const page = await list.page();
        for (const row of page.rows) ctx.loaders.orderById.prime(row.id, row);
        // Permissions still apply to the lines and the customer: priming only saves their queries.
        for (const [id, lines] of page.linesByOrder ?? []) ctx.loaders.linesByOrderId.prime(id, lines);
        for (const customer of page.customers) ctx.loaders.customerById.prime(customer.id, customer);
        return toConnection(page, count);
      },
    },
    { name: 'OrderConnection' },
    { name: 'OrderEdge' },
  ),
  productVariants: t.connection(
    {
      type: VariantRef,
      description:
        'Variants of every product, for pickers: free words over SKU, barcode and the product’s words; sku:, barcode:, status: (of the product), product_id:, updated_at:.',
      extensions: auth.permission('CATALOG_READ'),
      args: {
        query: t.arg.string(),
        sortKey: t.arg({ type: ProductVariantSortKeys, defaultValue: 'TITLE' }),
        reverse: t.arg.boolean({ defaultValue: false }),
      },
      resolve: async (_r, args, ctx, info) => {
        const search = variantSearchCondition(args.query, (id) => decodeIdOf('Product', id));
        if ('errors' in search) return emptyConnection(search.errors) as never;
        const db = ctx.services.db;
        const count = countWhenAsked(info, () => countVariants(db, search.condition));
        const page = await pageVariants(
          db,
          search.condition,
          args.sortKey ?? 'TITLE',
          Boolean(args.reverse),
          args,
        );
        for (const row of page.rows) ctx.loaders.variantById.prime(row.id, row);
        return toConnection(page, count);
      },
    },
    { name: 'ProductVariantConnection' },
    { name: 'ProductVariantEdge' },
  ),
}));
