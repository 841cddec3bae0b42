import { listBound } from '../../graphql/cost.js';
import { countryName, CUSTOMER_STATES, decodeIdOf, type UserError } from '@stockroom/domain';
import type { CustomerAddress, CustomerComment, Customer } from './customer.model.js';
import { auth } from '../../graphql/auth.js';
import type { Ctx } from '../../graphql/context.js';
import { nodeFieldPaths } from '../../graphql/selection.js';
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
import { DomainError } from '@stockroom/domain';
import { MoneyRef } from '../catalog/product.schema.js';
import { AddressInput } from '../settings/settings.schema.js';
import { CUSTOMER_SORTS, findAddress, latestComments } from './customer.repository.js';
import { listCustomers } from './customer-list.service.js';
import * as service from './customer.service.js';

const read = auth.permission('CUSTOMERS_READ');
const write = auth.permission('CUSTOMERS_WRITE');
/** The newest staff comments a customer's `comments` list holds: the resolver's limit and its bound. */
const LATEST_COMMENTS = 100;

export const CustomerStateEnum = builder.enumType('CustomerState', { values: CUSTOMER_STATES });

export const CustomerAddressRef = builder.objectRef<CustomerAddress>('CustomerAddress');
builder.node(CustomerAddressRef, {
  extensions: read,
  id: { resolve: (a) => a.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'customerId' in o && 'line1' in o,
  loadOne: (id, ctx) => findAddress(ctx.services.db, id),
  fields: (t) => ({
    firstName: t.exposeString('firstName', { nullable: true }),
    lastName: t.exposeString('lastName', { nullable: true }),
    company: t.exposeString('company', { nullable: true }),
    line1: t.exposeString('line1'),
    line2: t.exposeString('line2', { nullable: true }),
    city: t.exposeString('city'),
    region: t.exposeString('region', { nullable: true }),
    postalCode: t.exposeString('postalCode', { nullable: true }),
    countryCode: t.string({ resolve: (a) => a.countryCode.trim() }),
    countryName: t.string({ resolve: (a) => countryName(a.countryCode.trim()) }),
    phone: t.exposeString('phone', { nullable: true }),
  }),
});

const CommentRef = builder.objectRef<CustomerComment>('CustomerComment').implement({
  extensions: read,
  fields: (t) => ({
    body: t.exposeString('body'),
    staffName: t.exposeString('staffName', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (c) => c.createdAt }),
  }),
});

export const CustomerRef = builder.objectRef<Customer>('Customer');
builder.node(CustomerRef, {
  description: 'A person who buys from the store.',
  extensions: read,
  id: { resolve: (c) => c.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'acceptsMarketing' in o,
  loadOne: (id, ctx) => ctx.loaders.customerById.load(id),
  fields: (t) => ({
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName', { nullable: true }),
    lastName: t.exposeString('lastName', { nullable: true }),
    displayName: t.string({
      resolve: (c) =>
        c.state === 'ERASED'
          ? 'Erased customer'
          : [c.firstName, c.lastName].filter(Boolean).join(' ') || c.email,
    }),
    phone: t.exposeString('phone', { nullable: true }),
    note: t.exposeString('note', { nullable: true }),
    tags: t.exposeStringList('tags'),
    acceptsMarketing: t.exposeBoolean('acceptsMarketing'),
    state: t.field({ type: CustomerStateEnum, resolve: (c) => c.state }),
    addresses: t.field({
      // An estimate: nothing limits them, and counting them per request would cost more than they do.
      extensions: listBound({ max: 20 }),
      type: [CustomerAddressRef],
      resolve: (c, _a, ctx) => ctx.loaders.addressesByCustomerId.load(c.id),
    }),
    defaultAddress: t.field({
      type: CustomerAddressRef,
      nullable: true,
      resolve: async (c, _a, ctx) =>
        (await ctx.loaders.addressesByCustomerId.load(c.id)).find((a) => a.id === c.defaultAddressId) ?? null,
    }),
    ordersCount: t.exposeInt('ordersCount'),
    totalSpent: t.field({
      type: MoneyRef,
      resolve: async (c, _a, ctx) => ({
        minor: c.totalSpent,
        currencyCode: (await ctx.loaders.shop()).currencyCode,
      }),
    }),
    lastOrderAt: t.field({ type: 'DateTime', nullable: true, resolve: (c) => c.lastOrderAt }),
    comments: t.field({
      extensions: listBound({ max: LATEST_COMMENTS }),
      type: [CommentRef],
      description: 'Staff comments, newest first.',
      resolve: (c, _a, ctx) => latestComments(ctx.services.db, c.id, LATEST_COMMENTS),
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (c) => c.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (c) => c.updatedAt }),
    version: t.exposeInt('version'),
  }),
});

const CustomerSortKeys = sortKeysEnum('CustomerSortKeys', CUSTOMER_SORTS);

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
      description:
        'Customers matching a search: free words over name, email and phone; tag:, state:, accepts_marketing:, orders_count:>, total_spent:>, country:, email:, phone:, created_at:.',
      extensions: read,
      args: {
        query: t.arg.string(),
        sortKey: t.arg({ type: CustomerSortKeys, defaultValue: 'CREATED_AT' }),
        reverse: t.arg.boolean({ defaultValue: false }),
      },
      resolve: async (_r, args, ctx, info) => {
        const currency = (await ctx.loaders.shop()).currencyCode;
        const shown = nodeFieldPaths(info);
        const list = listCustomers(ctx.services.db, {
          query: args.query,
          currency,
          sortKey: args.sortKey ?? 'CREATED_AT',
          reverse: Boolean(args.reverse),
          page: args,
          addresses: shown.has('addresses') || shown.has('defaultAddress'),
        });
        if ('errors' in list) return emptyConnection(list.errors) as never;
        const count = countWhenAsked(info, list.count);
        const page = await list.page();
        for (const row of page.rows) ctx.loaders.customerById.prime(row.id, row);
        // Field permissions still apply to the addresses: priming only saves the query.
        for (const [id, addresses] of page.addressesByCustomer ?? [])
          ctx.loaders.addressesByCustomerId.prime(id, addresses);
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
    addresses: t.field({
      type: [AddressInput],
      description: 'On create only; the first becomes the default.',
    }),
    version: t.int(),
  }),
});

export const CustomerPayload = builder
  .objectRef<{
    customer?: Customer | null;
    address?: CustomerAddress | null;
    userErrors: UserError[];
    recordedEvents?: string[];
  }>('CustomerPayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      customer: t.field({ type: CustomerRef, nullable: true, resolve: (p) => p.customer ?? null }),
      auditEventId: t.id({ nullable: true, description: UNDO_EVENT_DESCRIPTION, resolve: undoEventId }),
      address: t.field({ type: CustomerAddressRef, nullable: true, resolve: (p) => p.address ?? null }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

const addressUuid = (id: string | number) => {
  const uuid = decodeIdOf('CustomerAddress', String(id));
  if (!uuid) throw DomainError.one('INVALID', 'This address does not exist.', ['id']);
  return uuid;
};

/** Later reads in the same request (another mutation field, say) see the customer as the command left it. */
function withFreshCustomer<P extends { customer?: Customer | null }>(ctx: Ctx, p: P): P {
  if (p.customer) ctx.loaders.customerById.clear(p.customer.id).prime(p.customer.id, p.customer);
  return p;
}

builder.mutationFields((t) => ({
  customerCreate: t.field({
    type: CustomerPayload,
    extensions: write,
    args: { input: t.arg({ type: CustomerInput, required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({ customer: await service.customerCreate(trx, ctx, args.input) })),
  }),
  customerUpdate: t.field({
    type: CustomerPayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: CustomerInput, required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        customer: await service.customerUpdate(trx, ctx, service.customerUuid(args.id), {
          ...args.input,
          addresses: undefined,
        }),
      })),
  }),
  customerDisable: t.field({
    type: CustomerPayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        customer: await service.customerSetState(trx, ctx, service.customerUuid(args.id), 'DISABLED'),
      })),
  }),
  customerEnable: t.field({
    type: CustomerPayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        customer: await service.customerSetState(trx, ctx, service.customerUuid(args.id), 'ENABLED'),
      })),
  }),
  customerAddressAdd: t.field({
    type: CustomerPayload,
    extensions: write,
    args: {
      customerId: t.arg.id({ required: true }),
      address: t.arg({ type: AddressInput, required: true }),
      setDefault: t.arg.boolean({ defaultValue: false }),
    },
    resolve: (_r, args, ctx) =>
      command(ctx, (trx) =>
        service.customerAddressAdd(
          trx,
          ctx,
          service.customerUuid(args.customerId, 'customerId'),
          args.address,
          Boolean(args.setDefault),
        ),
      ).then((p) => withFreshCustomer(ctx, p)),
  }),
  customerAddressUpdate: t.field({
    type: CustomerPayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }), address: t.arg({ type: AddressInput, required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        address: await service.customerAddressUpdate(trx, ctx, addressUuid(args.id), args.address),
      })),
  }),
  customerAddressRemove: t.field({
    type: CustomerPayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        customer: await service.customerAddressRemove(trx, ctx, addressUuid(args.id)),
      })),
  }),
  customerSetDefaultAddress: t.field({
    type: CustomerPayload,
    extensions: write,
    args: { customerId: t.arg.id({ required: true }), addressId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        customer: await service.customerSetDefaultAddress(
          trx,
          ctx,
          service.customerUuid(args.customerId, 'customerId'),
          addressUuid(args.addressId),
        ),
      })),
  }),
  customerCommentAdd: t.field({
    type: CustomerPayload,
    extensions: write,
    args: { customerId: t.arg.id({ required: true }), body: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        customer: (
          await service.customerCommentAdd(
            trx,
            ctx,
            service.customerUuid(args.customerId, 'customerId'),
            args.body,
          )
        ).customer,
      })).then((p) => withFreshCustomer(ctx, p)),
  }),
}));
