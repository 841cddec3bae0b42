import { listBound } from '../../graphql/cost.js';
import type { Ctx } from '../../graphql/context.js';
import { auth } from '../../graphql/auth.js';
import { builder } from '../../graphql/builder.js';
import { ProductRef } from '../catalog/product.schema.js';
import { CustomerRef } from '../customers/customer.schema.js';
import { DiscountRef } from '../discounts/discount.schema.js';
import { OrderRef } from '../orders/order.refs.js';
import { StaffRef } from '../staff/staff.schema.js';
import type { Product } from '../catalog/catalog.model.js';
import type { Customer } from '../customers/customer.model.js';
import type { Discount } from '../discounts/discount.model.js';
import type { Order } from '../orders/order.model.js';
import type { StaffMember } from '../staff/staff.model.js';
import {
  checkSearchArgs,
  SEARCH_DEFAULT_PER_TYPE,
  SEARCH_MAX_PER_TYPE,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_TYPES,
  searchType,
  type SearchType,
} from './search.service.js';

interface SearchArgs {
  words: string;
  first: number;
}

const SearchTypeEnum = builder.enumType('SearchType', { values: Object.keys(SEARCH_TYPES) as SearchType[] });

const allowed = (ctx: Ctx, type: SearchType) => Boolean(ctx.viewer?.permissions.has(SEARCH_TYPES[type]));

/** The rows of one type, or null (and no query run) when the person may not read that type. */
async function found<Row>(s: SearchArgs, ctx: Ctx, type: SearchType): Promise<Row[] | null> {
  if (!allowed(ctx, type) || !s.words) return allowed(ctx, type) ? [] : null;
  const shop = await ctx.loaders.shop();
  return (await searchType(ctx.services.db, type, s.words, s.first, {
    currency: shop.currencyCode,
    numberPrefix: shop.orderNumberPrefix,
  })) as Row[];
}

const SearchResultsRef = builder.objectRef<SearchArgs>('SearchResults').implement({
  description:
    'Matches grouped by type. A type the person may not read is null (and never searched): orders need ORDERS_READ, products CATALOG_READ, customers CUSTOMERS_READ, discounts DISCOUNTS_READ, staff STAFF_MANAGE.',
  extensions: auth.authenticated,
  fields: (t) => ({
    types: t.field({
      extensions: listBound({ max: 5 }),
      type: [SearchTypeEnum],
      description: 'The types searched for this person.',
      resolve: (_s, _a, ctx) => (Object.keys(SEARCH_TYPES) as SearchType[]).filter((k) => allowed(ctx, k)),
    }),
    orders: t.field({
      extensions: listBound({ max: SEARCH_MAX_PER_TYPE }),
      type: [OrderRef],
      nullable: true,
      description: 'By number (1001, #1001), email, customer name words or SKU; newest first.',
      resolve: async (s, _a, ctx) => {
        const rows = await found<Order>(s, ctx, 'ORDERS');
        for (const r of rows ?? []) ctx.loaders.orderById.prime(r.id, r);
        return rows;
      },
    }),
    products: t.field({
      extensions: listBound({ max: SEARCH_MAX_PER_TYPE }),
      type: [ProductRef],
      nullable: true,
      description: 'By words of the title, SKU or barcode; recently updated first.',
      resolve: async (s, _a, ctx) => {
        const rows = await found<Product>(s, ctx, 'PRODUCTS');
        for (const r of rows ?? []) ctx.loaders.productById.prime(r.id, r);
        return rows;
      },
    }),
    customers: t.field({
      extensions: listBound({ max: SEARCH_MAX_PER_TYPE }),
      type: [CustomerRef],
      nullable: true,
      description: 'By words of the name or email, or a phone number; recently updated first.',
      resolve: async (s, _a, ctx) => {
        const rows = await found<Customer>(s, ctx, 'CUSTOMERS');
        for (const r of rows ?? []) ctx.loaders.customerById.prime(r.id, r);
        return rows;
      },
    }),
    discounts: t.field({
      extensions: listBound({ max: SEARCH_MAX_PER_TYPE }),
      type: [DiscountRef],
      nullable: true,
      description: 'By the start of the code; A–Z.',
      resolve: async (s, _a, ctx) => {
        const rows = await found<Discount>(s, ctx, 'DISCOUNTS');
        for (const r of rows ?? []) ctx.loaders.discountById.prime(r.id, r);
        return rows;
      },
    }),
    staff: t.field({
      extensions: listBound({ max: SEARCH_MAX_PER_TYPE }),
      type: [StaffRef],
      nullable: true,
      description: 'By name or email; A–Z.',
      resolve: (s, _a, ctx) => found<StaffMember>(s, ctx, 'STAFF'),
    }),
  }),
});

builder.queryFields((t) => ({
  search: t.field({
    type: SearchResultsRef,
    description: `Free words across orders, products, customers, discounts and staff, at most ${SEARCH_QUERY_MAX_LENGTH} characters and ${SEARCH_MAX_PER_TYPE} results per type (BAD_REQUEST beyond either).`,
    extensions: auth.authenticated,
    args: {
      query: t.arg.string({ required: true }),
      first: t.arg.int({ defaultValue: SEARCH_DEFAULT_PER_TYPE, description: 'Per type, 1–10.' }),
    },
    resolve: (_r, args) => checkSearchArgs(args.query, args.first),
  }),
}));
