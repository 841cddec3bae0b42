import { countryName, decodeIdOf, type UserError } from '@stockroom/domain';
import type { CustomerAddressRow, CustomerCommentRow, CustomerRow } from '../../db/types.js';
import { auth } from '../../graphql/auth.js';
import { builder, countWhenAsked, emptyConnection, payload, toConnection, UserErrorRef } from '../../graphql/builder.js';
import { UserErrors } from '../../graphql/errors.js';
import { cappedCount, keysetPage } from '../../lib/pagination.js';
import { MoneyRef } from '../catalog/product.schema.js';
import { AddressInput } from '../settings/settings.schema.js';
import { customerSearchCondition } from './customer-search.js';
import * as service from './customer.service.js';

const read = auth.permission('CUSTOMERS_READ');
const write = auth.permission('CUSTOMERS_WRITE');

const CustomerStateEnum = builder.enumType('CustomerState', { values: ['ENABLED', 'DISABLED', 'ERASED'] as const });

export const CustomerAddressRef = builder.objectRef<CustomerAddressRow>('CustomerAddress');
builder.node(CustomerAddressRef, {
  extensions: read,
  id: { resolve: (a) => a.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'customer_id' in o && 'line1' in o,
  loadOne: (id, ctx) => ctx.services.db.selectFrom('customer_addresses').selectAll().where('id', '=', id).executeTakeFirst().then((r) => r ?? null),
  fields: (t) => ({
    firstName: t.exposeString('first_name', { nullable: true }),
    lastName: t.exposeString('last_name', { nullable: true }),
    company: t.exposeString('company', { nullable: true }),
    line1: t.exposeString('line1'),
    line2: t.exposeString('line2', { nullable: true }),
    city: t.exposeString('city'),
    region: t.exposeString('region', { nullable: true }),
    postalCode: t.exposeString('postal_code', { nullable: true }),
    countryCode: t.string({ resolve: (a) => a.country_code.trim() }),
    countryName: t.string({ resolve: (a) => countryName(a.country_code.trim()) }),
    phone: t.exposeString('phone', { nullable: true }),
  }),
});

const CommentRef = builder.objectRef<CustomerCommentRow>('CustomerComment').implement({
  extensions: read,
  fields: (t) => ({
    body: t.exposeString('body'),
    staffName: t.exposeString('staff_name', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (c) => c.created_at }),
  }),
});

export const CustomerRef = builder.objectRef<CustomerRow>('Customer');
builder.node(CustomerRef, {
  description: 'A person who buys from the store.',
  extensions: read,
  id: { resolve: (c) => c.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'accepts_marketing' in o,
  loadOne: (id, ctx) => ctx.loaders.customerById.load(id),
  fields: (t) => ({
    email: t.exposeString('email'),
    firstName: t.exposeString('first_name', { nullable: true }),
    lastName: t.exposeString('last_name', { nullable: true }),
    displayName: t.string({
      resolve: (c) => (c.state === 'ERASED' ? 'Erased customer' : [c.first_name, c.last_name].filter(Boolean).join(' ') || c.email),
    }),
    phone: t.exposeString('phone', { nullable: true }),
    note: t.exposeString('note', { nullable: true }),
    tags: t.exposeStringList('tags'),
    acceptsMarketing: t.exposeBoolean('accepts_marketing'),
    state: t.field({ type: CustomerStateEnum, resolve: (c) => c.state }),
    addresses: t.field({ type: [CustomerAddressRef], resolve: (c, _a, ctx) => ctx.loaders.addressesByCustomerId.load(c.id) }),
    defaultAddress: t.field({
      type: CustomerAddressRef,
      nullable: true,
      resolve: async (c, _a, ctx) => (await ctx.loaders.addressesByCustomerId.load(c.id)).find((a) => a.id === c.default_address_id) ?? null,
    }),
    ordersCount: t.exposeInt('orders_count'),
    totalSpent: t.field({ type: MoneyRef, resolve: async (c, _a, ctx) => ({ minor: c.total_spent, currencyCode: (await ctx.loaders.shop()).currency_code.trim() }) }),
    lastOrderAt: t.field({ type: 'DateTime', nullable: true, resolve: (c) => c.last_order_at }),
    comments: t.field({
      type: [CommentRef],
      description: 'Staff comments, newest first.',
      resolve: (c, _a, ctx) => ctx.services.db.selectFrom('customer_comments').selectAll().where('customer_id', '=', c.id).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(100).execute(),
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (c) => c.created_at }),
    updatedAt: t.field({ type: 'DateTime', resolve: (c) => c.updated_at }),
    version: t.exposeInt('version'),
  }),
});

const CustomerSortKeys = builder.enumType('CustomerSortKeys', {
  values: {
    CREATED_AT: { description: 'Newest first.' },
    UPDATED_AT: { description: 'Most recently changed first.' },
    NAME: { description: 'By last name, A to Z.' },
    TOTAL_SPENT: { description: 'Biggest spenders first.' },
    ORDERS_COUNT: { description: 'Most orders first.' },
  } as const,
});

const SORTS = {
  CREATED_AT: { expression: 'c.created_at', cast: 'timestamptz', descending: true, value: (r: CustomerRow) => r.created_at },
  UPDATED_AT: { expression: 'c.updated_at', cast: 'timestamptz', descending: true, value: (r: CustomerRow) => r.updated_at },
  NAME: {
    expression: "lower(coalesce(c.last_name, '') || ' ' || coalesce(c.first_name, ''))",
    cast: 'text',
    descending: false,
    value: (r: CustomerRow) => `${r.last_name ?? ''} ${r.first_name ?? ''}`.toLowerCase(),
  },
  TOTAL_SPENT: { expression: 'c.total_spent', cast: 'bigint', descending: true, value: (r: CustomerRow) => r.total_spent },
  ORDERS_COUNT: { expression: 'c.orders_count', cast: 'integer', descending: true, value: (r: CustomerRow) => r.orders_count },
} as const;

builder.queryFields((t) => ({
  customer: t.field({
    type: CustomerRef,
    nullable: true,
    extensions: read,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => {
      const uuid = decodeIdOf('Customer', String(args.id));
      return uuid ? ctx.loaders.customerById.load(uuid) : null;
    },
  }),
  customers: t.connection(
    {
      type: CustomerRef,
      description: 'Customers matching a search: free words over name, email and phone; tag:, state:, accepts_marketing:, orders_count:>, total_spent:>, country:, email:, phone:, created_at:.',
      extensions: read,
      args: { query: t.arg.string(), sortKey: t.arg({ type: CustomerSortKeys, defaultValue: 'CREATED_AT' }), reverse: t.arg.boolean({ defaultValue: false }) },
      resolve: async (_r, args, ctx, info) => {
        const currency = (await ctx.loaders.shop()).currency_code.trim();
        const search = customerSearchCondition(args.query, currency);
        if ('errors' in search) return emptyConnection(search.errors) as never;
        let query = ctx.services.db.selectFrom('customers as c').selectAll('c');
        if (search.condition) query = query.where(search.condition);
        const key = SORTS[args.sortKey ?? 'CREATED_AT'];
        const count = countWhenAsked(info, () => cappedCount(ctx.services.db, query));
        const page = await keysetPage(query, { ...key, idColumn: 'c.id' }, key.descending !== Boolean(args.reverse), args);
        for (const row of page.rows) ctx.loaders.customerById.prime(row.id, row);
        return toConnection(page, count);
      },
    },
    { name: 'CustomerConnection' },
    { name: 'CustomerEdge' },
  ),
}));

const CustomerInput = builder.inputType('CustomerInput', {
  description: 'Fields left out keep their values on update.',
  fields: (t) => ({
    email: t.string(),
    firstName: t.string(),
    lastName: t.string(),
    phone: t.string({ description: 'E.164, e.g. +15550100199; spaces and dashes are fine.' }),
    note: t.string(),
    tags: t.stringList(),
    acceptsMarketing: t.boolean(),
    addresses: t.field({ type: [AddressInput], description: 'On create only; the first becomes the default.' }),
    version: t.int(),
  }),
});

const CustomerPayload = builder.objectRef<{ customer?: CustomerRow | null; address?: CustomerAddressRow | null; userErrors: UserError[] }>('CustomerPayload').implement({
  extensions: auth.public,
  fields: (t) => ({
    customer: t.field({ type: CustomerRef, nullable: true, resolve: (p) => p.customer ?? null }),
    address: t.field({ type: CustomerAddressRef, nullable: true, resolve: (p) => p.address ?? null }),
    userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
  }),
});

const addressUuid = (id: string | number) => {
  const uuid = decodeIdOf('CustomerAddress', String(id));
  if (!uuid) throw UserErrors.one('INVALID', 'This address does not exist.', ['id']);
  return uuid;
};

builder.mutationFields((t) => ({
  customerCreate: t.field({
    type: CustomerPayload,
    extensions: write,
    args: { input: t.arg({ type: CustomerInput, required: true }) },
    resolve: (_r, args, ctx) => payload(async () => ({ customer: await service.customerCreate(ctx.services.db, ctx, args.input) })),
  }),
  customerUpdate: t.field({
    type: CustomerPayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: CustomerInput, required: true }) },
    resolve: (_r, args, ctx) => payload(async () => ({ customer: await service.customerUpdate(ctx.services.db, ctx, service.customerUuid(args.id), { ...args.input, addresses: undefined }) })),
  }),
  customerDisable: t.field({
    type: CustomerPayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => payload(async () => ({ customer: await service.customerSetState(ctx.services.db, ctx, service.customerUuid(args.id), 'DISABLED') })),
  }),
  customerEnable: t.field({
    type: CustomerPayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => payload(async () => ({ customer: await service.customerSetState(ctx.services.db, ctx, service.customerUuid(args.id), 'ENABLED') })),
  }),
  customerErase: t.field({
    type: CustomerPayload,
    description: "Erases the customer's personal data everywhere; irreversible. `confirmation` must be the customer's email.",
    extensions: auth.permission('CUSTOMERS_ERASE'),
    args: { id: t.arg.id({ required: true }), confirmation: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => payload(async () => ({ customer: await service.customerErase(ctx.services.db, ctx, service.customerUuid(args.id), args.confirmation) })),
  }),
  customerAddressAdd: t.field({
    type: CustomerPayload,
    extensions: write,
    args: { customerId: t.arg.id({ required: true }), address: t.arg({ type: AddressInput, required: true }), setDefault: t.arg.boolean({ defaultValue: false }) },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const address = await service.customerAddressAdd(ctx.services.db, ctx, service.customerUuid(args.customerId, 'customerId'), args.address, Boolean(args.setDefault));
        return { address, customer: await ctx.loaders.customerById.clear(address.customer_id).load(address.customer_id) };
      }),
  }),
  customerAddressUpdate: t.field({
    type: CustomerPayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }), address: t.arg({ type: AddressInput, required: true }) },
    resolve: (_r, args, ctx) => payload(async () => ({ address: await service.customerAddressUpdate(ctx.services.db, ctx, addressUuid(args.id), args.address) })),
  }),
  customerAddressRemove: t.field({
    type: CustomerPayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => payload(async () => ({ customer: await service.customerAddressRemove(ctx.services.db, ctx, addressUuid(args.id)) })),
  }),
  customerSetDefaultAddress: t.field({
    type: CustomerPayload,
    extensions: write,
    args: { customerId: t.arg.id({ required: true }), addressId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => ({ customer: await service.customerSetDefaultAddress(ctx.services.db, ctx, service.customerUuid(args.customerId, 'customerId'), addressUuid(args.addressId)) })),
  }),
  customerCommentAdd: t.field({
    type: CustomerPayload,
    extensions: write,
    args: { customerId: t.arg.id({ required: true }), body: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) =>
      payload(async () => {
        const comment = await service.customerCommentAdd(ctx.services.db, ctx, service.customerUuid(args.customerId, 'customerId'), args.body);
        return { customer: await ctx.loaders.customerById.clear(comment.customer_id).load(comment.customer_id) };
      }),
  }),
}));
