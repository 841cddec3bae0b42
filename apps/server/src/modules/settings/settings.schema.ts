import type { AddressJson } from '../../db/columns.js';
import type { Shop } from './settings.model.js';
import { auth } from '../../graphql/auth.js';
import {
  builder,
  command,
  UserErrorRef,
  UNDO_EVENT_DESCRIPTION,
  undoEventId,
} from '../../graphql/builder.js';
import { forgetCachedSettings } from './settings.repository.js';
import { shopUpdate, storeSettings } from './settings.service.js';
import type { UserError } from '@stockroom/domain';

export const AddressRef = builder.objectRef<AddressJson>('Address').implement({
  description: 'A postal address.',
  extensions: auth.authenticated,
  fields: (t) => ({
    firstName: t.exposeString('firstName', { nullable: true }),
    lastName: t.exposeString('lastName', { nullable: true }),
    company: t.exposeString('company', { nullable: true }),
    line1: t.exposeString('line1', { nullable: true }),
    line2: t.exposeString('line2', { nullable: true }),
    city: t.exposeString('city', { nullable: true }),
    region: t.exposeString('region', { nullable: true }),
    postalCode: t.exposeString('postalCode', { nullable: true }),
    countryCode: t.exposeString('countryCode', { nullable: true, description: 'ISO 3166-1 alpha-2.' }),
    phone: t.exposeString('phone', { nullable: true }),
  }),
});

/** A postal address as input; each use checks it with the shared address rules. */
export const AddressInput = builder.inputType('AddressInput', {
  fields: (t) => ({
    firstName: t.string(),
    lastName: t.string(),
    company: t.string(),
    line1: t.string(),
    line2: t.string(),
    city: t.string(),
    region: t.string(),
    postalCode: t.string(),
    countryCode: t.string(),
    phone: t.string(),
  }),
});

const ShopRef = builder.objectRef<Shop>('Shop').implement({
  description: 'Store settings. Every signed-in staff member may read them.',
  extensions: auth.authenticated,
  fields: (t) => ({
    name: t.exposeString('name'),
    contactEmail: t.exposeString('contactEmail', { nullable: true }),
    address: t.field({ type: AddressRef, nullable: true, resolve: (s) => s.address }),
    currencyCode: t.exposeString('currencyCode'),
    timezone: t.exposeString('timezone'),
    weightUnit: t.exposeString('weightUnit'),
    orderNumberPrefix: t.exposeString('orderNumberPrefix'),
    lowStockThreshold: t.exposeInt('lowStockThreshold'),
    pricesIncludeTax: t.exposeBoolean('pricesIncludeTax'),
    updatedAt: t.field({ type: 'DateTime', resolve: (s) => s.updatedAt }),
    version: t.exposeInt('version'),
  }),
});

builder.queryField('shop', (t) =>
  t.field({
    type: ShopRef,
    extensions: auth.authenticated,
    resolve: (_root, _args, ctx) => storeSettings(ctx.services.db),
  }),
);

const ShopInput = builder.inputType('ShopInput', {
  description: 'Fields left out keep their values.',
  fields: (t) => ({
    name: t.string(),
    contactEmail: t.string(),
    address: t.field({ type: AddressInput }),
    currencyCode: t.string({ description: 'ISO 4217; refused once orders exist.' }),
    timezone: t.string({ description: 'IANA name, e.g. America/New_York.' }),
    weightUnit: t.string({ description: 'G, KG, LB or OZ.' }),
    orderNumberPrefix: t.string(),
    lowStockThreshold: t.int(),
    pricesIncludeTax: t.boolean(),
    version: t.int(),
  }),
});

const ShopPayload = builder
  .objectRef<{ shop?: Shop | null; userErrors: UserError[]; recordedEvents?: string[] }>('ShopPayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      shop: t.field({ type: ShopRef, nullable: true, resolve: (p) => p.shop ?? null }),
      auditEventId: t.id({ nullable: true, description: UNDO_EVENT_DESCRIPTION, resolve: undoEventId }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

builder.mutationField('shopUpdate', (t) =>
  t.field({
    type: ShopPayload,
    description: 'Changes store settings.',
    extensions: auth.permission('SETTINGS_WRITE'),
    args: { input: t.arg({ type: ShopInput, required: true }) },
    resolve: async (_r, args, ctx) => {
      try {
        return await command(ctx, async (trx) => ({ shop: await shopUpdate(trx, ctx, args.input) }));
      } finally {
        forgetCachedSettings(ctx.services.db); // after the commit, so no request caches the old row again
      }
    },
  }),
);
