import { listBound } from '../../graphql/cost.js';
import { countryName, parseMoney, type UserError } from '@stockroom/domain';
import type { ShippingRate, ShippingZone, TaxRate } from './shipping.model.js';
import { auth } from '../../graphql/auth.js';
import { builder, command, UserErrorRef } from '../../graphql/builder.js';
import type { Ctx } from '../../graphql/context.js';
import { DomainError } from '@stockroom/domain';
import { MoneyRef, type MoneyValue } from '../catalog/product.schema.js';
import * as service from './shipping.service.js';
import * as taxes from './tax.service.js';
import { findRate, findZone, listZones, ratesOfZone } from './shipping.repository.js';
import { findTaxRate, listTaxRates } from './tax.repository.js';

const write = auth.permission('SETTINGS_WRITE');

async function money(ctx: Ctx, minor: number | null): Promise<MoneyValue | null> {
  return minor === null ? null : { minor, currencyCode: (await ctx.loaders.shop()).currencyCode };
}

const RateRef = builder.objectRef<ShippingRate>('ShippingRate');
builder.node(RateRef, {
  extensions: auth.authenticated,
  id: { resolve: (r) => r.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'zoneId' in o,
  loadOne: (id, ctx) => findRate(ctx.services.db, id),
  fields: (t) => ({
    name: t.exposeString('name'),
    price: t.field({ type: MoneyRef, resolve: async (r, _a, ctx) => (await money(ctx, r.price))! }),
    minSubtotal: t.field({
      type: MoneyRef,
      nullable: true,
      resolve: (r, _a, ctx) => money(ctx, r.minSubtotal),
    }),
    maxSubtotal: t.field({
      type: MoneyRef,
      nullable: true,
      resolve: (r, _a, ctx) => money(ctx, r.maxSubtotal),
    }),
    freeAbove: t.field({
      type: MoneyRef,
      nullable: true,
      description: 'At or above this subtotal the rate is free.',
      resolve: (r, _a, ctx) => money(ctx, r.freeAbove),
    }),
  }),
});

const ZoneRef = builder.objectRef<ShippingZone>('ShippingZone');
builder.node(ZoneRef, {
  description: 'Countries that share shipping rates. "*" stands for every country no other zone has.',
  extensions: auth.authenticated,
  id: { resolve: (z) => z.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'countries' in o,
  loadOne: (id, ctx) => findZone(ctx.services.db, id),
  fields: (t) => ({
    name: t.exposeString('name'),
    countries: t.exposeStringList('countries'),
    countryNames: t.stringList({
      resolve: (z) => z.countries.map((c) => (c === '*' ? 'Rest of the world' : countryName(c))),
    }),
    rates: t.field({
      extensions: listBound({ counted: 'shippingRates' }),
      type: [RateRef],
      resolve: (z, _a, ctx) => ratesOfZone(ctx.services.db, z.id),
    }),
    version: t.exposeInt('version'),
  }),
});

const TaxRateRef = builder.objectRef<TaxRate>('TaxRate');
builder.node(TaxRateRef, {
  extensions: auth.authenticated,
  id: { resolve: (r) => r.id },
  isTypeOf: (o) => typeof o === 'object' && o !== null && 'rate' in o && 'countryCode' in o,
  loadOne: (id, ctx) => findTaxRate(ctx.services.db, id),
  fields: (t) => ({
    countryCode: t.exposeString('countryCode'),
    countryName: t.string({ resolve: (r) => countryName(r.countryCode) }),
    region: t.exposeString('region', { nullable: true }),
    rate: t.string({ description: 'Percent, e.g. "8.875".', resolve: (r) => String(Number(r.rate)) }),
    name: t.exposeString('name'),
    version: t.exposeInt('version'),
  }),
});

const ApplicableRateRef = builder.objectRef<service.ApplicableRate>('ApplicableShippingRate').implement({
  extensions: auth.authenticated,
  fields: (t) => ({
    rate: t.field({ type: RateRef, resolve: (a) => a.rate }),
    zone: t.field({ type: ZoneRef, resolve: (a) => a.zone }),
    price: t.field({
      type: MoneyRef,
      description: 'What the customer pays (0 when free above applies).',
      resolve: async (a, _x, ctx) => (await money(ctx, a.price))!,
    }),
  }),
});

const TaxPreviewRef = builder.objectRef<taxes.TaxResult>('TaxPreview').implement({
  extensions: auth.authenticated,
  fields: (t) => ({
    rate: t.field({ type: TaxRateRef, nullable: true, resolve: (r) => r.rate }),
    lines: t.field({
      // as many as an order's lines (SPEC §5)
      extensions: listBound({ max: 500 }),
      type: [MoneyRef],
      resolve: async (r, _a, ctx) => Promise.all(r.lines.map(async (m) => (await money(ctx, m))!)),
    }),
    shipping: t.field({ type: MoneyRef, resolve: async (r, _a, ctx) => (await money(ctx, r.shipping))! }),
    total: t.field({ type: MoneyRef, resolve: async (r, _a, ctx) => (await money(ctx, r.total))! }),
    pricesIncludeTax: t.exposeBoolean('pricesIncludeTax', {
      description: 'True: the tax is inside the amounts; false: it is added on top.',
    }),
  }),
});

async function minorOf(ctx: Ctx, value: string, field: string[]): Promise<number> {
  const m = parseMoney(value, (await ctx.loaders.shop()).currencyCode);
  if (m === null) throw new DomainError([{ field, code: 'INVALID', message: 'Enter an amount like 19.99.' }]);
  return m;
}

builder.queryFields((t) => ({
  shippingZones: t.field({
    extensions: { ...auth.authenticated, ...listBound({ counted: 'shippingZones' }) },
    type: [ZoneRef],
    resolve: (_r, _a, ctx) => listZones(ctx.services.db),
  }),
  taxRates: t.field({
    extensions: { ...auth.authenticated, ...listBound({ counted: 'taxRates' }) },
    type: [TaxRateRef],
    resolve: (_r, _a, ctx) => listTaxRates(ctx.services.db),
  }),
  shippingRatesFor: t.field({
    extensions: { ...auth.authenticated, ...listBound({ counted: 'shippingRates' }) },
    type: [ApplicableRateRef],
    description: 'The shipping rates that apply to a country and subtotal, cheapest first.',
    args: { countryCode: t.arg.string({ required: true }), subtotal: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) =>
      service.applicableShippingRates(
        ctx.services.db,
        args.countryCode,
        await minorOf(ctx, args.subtotal, ['subtotal']),
      ),
  }),
  taxPreview: t.field({
    type: TaxPreviewRef,
    description:
      'Tax on line amounts and shipping sent to a country (and region), honouring "prices include tax".',
    extensions: auth.authenticated,
    args: {
      countryCode: t.arg.string({ required: true }),
      region: t.arg.string(),
      lineAmounts: t.arg.stringList({ required: true }),
      shipping: t.arg.string({ defaultValue: '0' }),
    },
    resolve: async (_r, args, ctx) =>
      taxes.computeTax(
        ctx.services.db,
        { countryCode: args.countryCode, region: args.region },
        await Promise.all(args.lineAmounts.map((a, i) => minorOf(ctx, a, ['lineAmounts', String(i)]))),
        await minorOf(ctx, args.shipping ?? '0', ['shipping']),
      ),
  }),
}));

const ZoneInput = builder.inputType('ShippingZoneInput', {
  fields: (t) => ({
    name: t.string(),
    countries: t.stringList({ description: 'ISO codes, or "*" for the rest of the world.' }),
    version: t.int(),
  }),
});
const RateInput = builder.inputType('ShippingRateInput', {
  fields: (t) => ({
    name: t.string(),
    price: t.string(),
    minSubtotal: t.string(),
    maxSubtotal: t.string(),
    freeAbove: t.string(),
  }),
});
const TaxRateInput = builder.inputType('TaxRateInput', {
  fields: (t) => ({
    countryCode: t.string(),
    region: t.string(),
    rate: t.string({ description: 'Percent, up to 3 decimals.' }),
    name: t.string(),
    version: t.int(),
  }),
});

const ZonePayload = builder
  .objectRef<{ zone?: ShippingZone | null; userErrors: UserError[] }>('ShippingZonePayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      zone: t.field({ type: ZoneRef, nullable: true, resolve: (p) => p.zone ?? null }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });
const RatePayload = builder
  .objectRef<{ rate?: ShippingRate | null; userErrors: UserError[] }>('ShippingRatePayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      rate: t.field({ type: RateRef, nullable: true, resolve: (p) => p.rate ?? null }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });
const TaxPayload = builder
  .objectRef<{ taxRate?: TaxRate | null; userErrors: UserError[] }>('TaxRatePayload')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      taxRate: t.field({ type: TaxRateRef, nullable: true, resolve: (p) => p.taxRate ?? null }),
      userErrors: t.field({ type: [UserErrorRef], resolve: (p) => p.userErrors }),
    }),
  });

builder.mutationFields((t) => ({
  shippingZoneCreate: t.field({
    type: ZonePayload,
    extensions: write,
    args: { input: t.arg({ type: ZoneInput, required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({ zone: await service.shippingZoneCreate(trx, ctx, args.input) })),
  }),
  shippingZoneUpdate: t.field({
    type: ZonePayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: ZoneInput, required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        zone: await service.shippingZoneUpdate(trx, ctx, service.idOf('ShippingZone', args.id), args.input),
      })),
  }),
  shippingZoneDelete: t.field({
    type: ZonePayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => {
        await service.shippingZoneDelete(trx, ctx, service.idOf('ShippingZone', args.id));
        return {};
      }),
  }),
  shippingRateCreate: t.field({
    type: RatePayload,
    extensions: write,
    args: { zoneId: t.arg.id({ required: true }), input: t.arg({ type: RateInput, required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        rate: await service.shippingRateCreate(
          trx,
          ctx,
          service.idOf('ShippingZone', args.zoneId, 'zoneId'),
          args.input,
        ),
      })),
  }),
  shippingRateUpdate: t.field({
    type: RatePayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: RateInput, required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        rate: await service.shippingRateUpdate(trx, ctx, service.idOf('ShippingRate', args.id), args.input),
      })),
  }),
  shippingRateDelete: t.field({
    type: RatePayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => {
        await service.shippingRateDelete(trx, ctx, service.idOf('ShippingRate', args.id));
        return {};
      }),
  }),
  taxRateCreate: t.field({
    type: TaxPayload,
    extensions: write,
    args: { input: t.arg({ type: TaxRateInput, required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({ taxRate: await taxes.taxRateCreate(trx, ctx, args.input) })),
  }),
  taxRateUpdate: t.field({
    type: TaxPayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: TaxRateInput, required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => ({
        taxRate: await taxes.taxRateUpdate(trx, ctx, service.idOf('TaxRate', args.id), args.input),
      })),
  }),
  taxRateDelete: t.field({
    type: TaxPayload,
    extensions: write,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      command(ctx, async (trx) => {
        await taxes.taxRateDelete(trx, ctx, service.idOf('TaxRate', args.id));
        return {};
      }),
  }),
}));
