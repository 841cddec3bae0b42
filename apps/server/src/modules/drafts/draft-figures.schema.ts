import { listBound } from '../../graphql/cost.js';
import { encodeId } from '@stockroom/domain';
import type { Ctx } from '../../graphql/context.js';
import type { DraftOrderLine, DraftOrder } from './draft.model.js';
import { auth } from '../../graphql/auth.js';
import { builder } from '../../graphql/builder.js';
import { MoneyRef, VariantRef } from '../catalog/product.schema.js';
import { money } from '../orders/order-view.schema.js';
import { calculateDraft, draftValues, type DraftFigures } from './draft-figures.service.js';

/** The parts of a draft: its lines, shipping line and the money as it would be placed now. */

const read = auth.permission('ORDERS_READ');

export const DraftOrderLineRef = builder.objectRef<DraftOrderLine>('DraftOrderLine').implement({
  extensions: read,
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Stable while the draft is not saved with new lines.' }),
    variant: t.field({
      type: VariantRef,
      nullable: true,
      description: 'Null for a custom item, once deleted, or without CATALOG_READ.',
      resolve: (l, _a, ctx) =>
        l.variantId && ctx.viewer?.permissions.has('CATALOG_READ')
          ? ctx.loaders.variantById.load(l.variantId)
          : null,
    }),
    custom: t.exposeBoolean('custom'),
    title: t.string({
      description: "The product's title, or the custom item's.",
      resolve: async (l, _a, ctx) => {
        if (l.custom) return l.title ?? '';
        const variant = l.variantId ? await ctx.loaders.variantById.load(l.variantId) : null;
        const product = variant ? await ctx.loaders.productById.load(variant.productId) : null;
        return product?.title ?? 'Item no longer in the catalog';
      },
    }),
    variantTitle: t.string({
      nullable: true,
      resolve: async (l, _a, ctx) =>
        l.variantId ? ((await ctx.loaders.variantById.load(l.variantId))?.title ?? null) : null,
    }),
    sku: t.string({
      nullable: true,
      resolve: async (l, _a, ctx) =>
        l.variantId ? ((await ctx.loaders.variantById.load(l.variantId))?.sku ?? null) : null,
    }),
    quantity: t.exposeInt('quantity'),
    taxable: t.exposeBoolean('taxable'),
    originalUnitPrice: t.field({
      type: MoneyRef,
      nullable: true,
      description: 'The current catalog price; null for custom items.',
      resolve: async (l, _a, ctx) => {
        const variant = l.variantId ? await ctx.loaders.variantById.load(l.variantId) : null;
        return variant ? money(ctx, variant.price) : null;
      },
    }),
    unitPrice: t.field({
      type: MoneyRef,
      description: 'What applies: the override, the custom price, or the catalog price.',
      resolve: async (l, _a, ctx) => {
        if (l.price !== null) return money(ctx, l.price);
        const variant = l.variantId ? await ctx.loaders.variantById.load(l.variantId) : null;
        return money(ctx, variant?.price ?? 0);
      },
    }),
    priceOverrideReason: t.exposeString('priceOverrideReason', { nullable: true }),
  }),
});

export const DraftOrderShippingLineRef = builder
  .objectRef<{ draft: DraftOrder; price: number }>('DraftOrderShippingLine')
  .implement({
    extensions: read,
    fields: (t) => ({
      title: t.string({
        resolve: async ({ draft }, _a, ctx) => {
          if (!draft.shippingRateId) return draft.shippingTitle ?? 'Shipping';
          const figures = await figuresOf(ctx, draft);
          return (
            figures.availableRates.find((r) => r.id === draft.shippingRateId)?.name ??
            'Shipping rate no longer available'
          );
        },
      }),
      price: t.field({ type: MoneyRef, resolve: (s, _a, ctx) => money(ctx, s.price) }),
      custom: t.boolean({ resolve: ({ draft }) => !draft.shippingRateId }),
      shippingRateId: t.id({
        nullable: true,
        resolve: ({ draft }) =>
          draft.shippingRateId ? encodeId('ShippingRate', draft.shippingRateId) : null,
      }),
    }),
  });

const CalculatedLineRef = builder
  .objectRef<DraftFigures['lines'][number]>('DraftOrderCalculatedLine')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      unitPrice: t.field({ type: MoneyRef, resolve: (l, _a, ctx) => money(ctx, l.unitPrice) }),
      subtotal: t.field({ type: MoneyRef, resolve: (l, _a, ctx) => money(ctx, l.subtotal) }),
      discount: t.field({ type: MoneyRef, resolve: (l, _a, ctx) => money(ctx, l.discount) }),
      tax: t.field({ type: MoneyRef, resolve: (l, _a, ctx) => money(ctx, l.tax) }),
      total: t.field({ type: MoneyRef, resolve: (l, _a, ctx) => money(ctx, l.total) }),
    }),
  });

const AvailableRateRef = builder
  .objectRef<DraftFigures['availableRates'][number]>('AvailableShippingRate')
  .implement({
    extensions: auth.public,
    fields: (t) => ({
      id: t.id({ resolve: (r) => encodeId('ShippingRate', r.id) }),
      name: t.exposeString('name'),
      price: t.field({ type: MoneyRef, resolve: (r, _a, ctx) => money(ctx, r.price) }),
    }),
  });

const DraftDiscountRef = builder
  .objectRef<NonNullable<DraftFigures['discount']>>('DraftOrderDiscount')
  .implement({
    description: 'The draft’s code as it stands now.',
    extensions: auth.public,
    fields: (t) => ({
      code: t.exposeString('code'),
      applied: t.exposeBoolean('applied'),
      message: t.exposeString('message', {
        nullable: true,
        description: 'Why it does not apply, in words (DISCOUNT_NOT_APPLICABLE when saving).',
      }),
    }),
  });

export const CalculatedRef = builder.objectRef<DraftFigures>('DraftOrderCalculated').implement({
  description: 'A draft’s money as it would be placed now.',
  extensions: auth.public,
  fields: (t) => {
    const amount = (pick: (f: DraftFigures) => number) =>
      t.field({ type: MoneyRef, resolve: (f, _a, ctx) => money(ctx, pick(f)) });
    return {
      lines: t.field({
        // like Order.lines
        extensions: listBound({ max: 20 }),
        type: [CalculatedLineRef],
        description: 'In the order of the lines.',
        resolve: (f) => f.lines,
      }),
      subtotal: amount((f) => f.subtotal),
      discountTotal: amount((f) => f.discountTotal),
      shippingTotal: amount((f) => f.shippingTotal),
      taxTotal: amount((f) => f.taxTotal),
      total: amount((f) => f.total),
      itemsCount: t.exposeInt('itemsCount'),
      pricesIncludeTax: t.exposeBoolean('pricesIncludeTax'),
      taxRate: t.exposeString('taxRate', { nullable: true, description: 'Percent as stored ("8.875").' }),
      taxName: t.exposeString('taxName', { nullable: true }),
      discount: t.field({ type: DraftDiscountRef, nullable: true, resolve: (f) => f.discount }),
      availableShippingRates: t.field({
        // the rates of one zone
        extensions: listBound({ max: 10 }),
        type: [AvailableRateRef],
        description: 'Rates that apply to the shipping address and subtotal, cheapest first.',
        resolve: (f) => f.availableRates,
      }),
    };
  },
});

/** A stored draft's figures, once per request. */
const figureCache = new WeakMap<object, Map<string, Promise<DraftFigures>>>();
export async function figuresOf(ctx: Ctx, draft: DraftOrder): Promise<DraftFigures> {
  let cache = figureCache.get(ctx.loaders);
  if (!cache) figureCache.set(ctx.loaders, (cache = new Map<string, Promise<DraftFigures>>()));
  const key = `${draft.id}/${draft.version}`;
  let figures = cache.get(key);
  if (!figures) {
    figures = (async () =>
      calculateDraft(
        ctx.services.db,
        draftValues(draft, await ctx.loaders.linesByDraftId.load(draft.id)),
        'read',
      ))();
    cache.set(key, figures);
  }
  return figures;
}
