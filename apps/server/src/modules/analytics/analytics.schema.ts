import { listBound } from '../../graphql/cost.js';
import { encodeId } from '@stockroom/domain';
import type { Ctx } from '../../graphql/context.js';
import { auth } from '../../graphql/auth.js';
import { builder, CountRef } from '../../graphql/builder.js';
import { MoneyRef, ProductRef, type MoneyValue } from '../catalog/product.schema.js';
import { netOf, totalOf, type SalesDay, type SalesRow, type TopProduct } from './analytics.repository.js';
import {
  ANALYTICS_PERIODS,
  changePercent,
  salesReport,
  WORK_QUEUE,
  workQueueItem,
  type SalesFigures,
  type SalesReport,
  type WorkQueueItem,
  type WorkQueueKey,
  MAX_TOP_PRODUCTS,
} from './analytics.service.js';

const reports = auth.permission('REPORTS_READ');

async function currency(ctx: Ctx): Promise<string> {
  return (await ctx.loaders.shop()).currencyCode;
}
const moneyOf = async (ctx: Ctx, minor: number): Promise<MoneyValue> => ({
  minor,
  currencyCode: await currency(ctx),
});

const AnalyticsPeriodEnum = builder.enumType('AnalyticsPeriod', {
  description: 'Whole days in the store’s timezone ending with today.',
  values: ANALYTICS_PERIODS,
});

const money = (pick: (r: SalesRow) => number, description: string) => ({
  type: MoneyRef,
  description,
  resolve: (r: SalesRow, _a: object, ctx: Ctx) => moneyOf(ctx, pick(r)),
});

const SalesFiguresRef = builder.objectRef<SalesFigures>('SalesFigures').implement({
  description:
    'A span of time’s sales as merchants know them from Shopify’s reports (SPEC §10): gross sales − discounts − returns = net sales; net sales + shipping + taxes = total sales. Sales count on the day the order was placed, returns on the day refunded, a cancelled order’s reversal on the day cancelled. When prices include tax, every amount but taxes is without its tax.',
  extensions: reports,
  fields: (t) => ({
    from: t.field({ type: 'DateTime', resolve: (f) => f.from }),
    to: t.field({ type: 'DateTime', description: 'Exclusive.', resolve: (f) => f.to }),
    orders: t.int({ description: 'Orders placed, cancelled ones included.', resolve: (f) => f.orders }),
    grossSales: t.field(money((r) => r.gross, 'Line prices × quantities of the orders placed.')),
    discounts: t.field(money((r) => r.discounts, 'What discounts took off those lines.')),
    returns: t.field(
      money(
        (r) => r.returns,
        'Refunded items’ worth (after their discount, without tax and shipping), on the day refunded; a cancelled order’s items on the day cancelled.',
      ),
    ),
    netSales: t.field(money(netOf, 'Gross sales − discounts − returns.')),
    shipping: t.field(money((r) => r.shipping, 'Shipping charged less shipping refunded.')),
    taxes: t.field(money((r) => r.taxes, 'Tax charged less tax refunded.')),
    totalSales: t.field(money(totalOf, 'Net sales + shipping + taxes.')),
    averageOrderValue: t.field({
      type: MoneyRef,
      nullable: true,
      description: '(Gross sales − discounts) ÷ orders; null without orders.',
      resolve: (f, _a, ctx) =>
        f.orders ? moneyOf(ctx, Math.round((f.gross - f.discounts) / f.orders)) : null,
    }),
  }),
});

const DailySalesRef = builder.objectRef<SalesDay>('DailySales').implement({
  extensions: reports,
  fields: (t) => ({
    date: t.string({ description: 'The day in the store’s timezone, YYYY-MM-DD.', resolve: (d) => d.day }),
    orders: t.exposeInt('orders'),
    netSales: t.field(money(netOf, 'Gross sales − discounts − returns of the day.')),
    totalSales: t.field(money(totalOf, 'Net sales + shipping + taxes of the day.')),
  }),
});

const TopProductRef = builder.objectRef<TopProduct>('TopProduct').implement({
  extensions: reports,
  fields: (t) => ({
    productId: t.id({ resolve: (p) => encodeId('Product', p.productId) }),
    title: t.string({
      description: 'As in the catalog (as on its order lines once deleted).',
      resolve: (p) => p.title,
    }),
    vendor: t.string({ nullable: true, description: 'Null once deleted.', resolve: (p) => p.vendor }),
    handle: t.string({
      nullable: true,
      description: 'Tells apart products with one title; null once deleted.',
      resolve: (p) => p.handle,
    }),
    product: t.field({
      type: ProductRef,
      nullable: true,
      description: 'Null once deleted, or without CATALOG_READ.',
      resolve: (p, _a, ctx) =>
        ctx.viewer?.permissions.has('CATALOG_READ') ? ctx.loaders.productById.load(p.productId) : null,
    }),
    unitsSold: t.int({
      description: 'Units sold less units returned in the period.',
      resolve: (p) => p.units,
    }),
    netSales: t.field({
      type: MoneyRef,
      description: 'Gross − discounts − returns of its lines in the period, as the period’s net sales.',
      resolve: (p, _a, ctx) => moneyOf(ctx, p.revenue),
    }),
  }),
});

const SalesReportRef = builder.objectRef<SalesReport>('SalesReport').implement({
  description: 'A period’s sales beside the same number of days just before it.',
  extensions: reports,
  fields: (t) => ({
    period: t.field({ type: AnalyticsPeriodEnum, resolve: (r) => r.period }),
    timezone: t.exposeString('timezone'),
    current: t.field({ type: SalesFiguresRef, resolve: (r) => r.current }),
    previous: t.field({ type: SalesFiguresRef, resolve: (r) => r.previous }),
    netSalesChange: t.float({
      nullable: true,
      description: 'Percent, one decimal; null when the previous period’s net sales were zero.',
      resolve: (r) => changePercent(netOf(r.current), netOf(r.previous)),
    }),
    ordersChange: t.float({
      nullable: true,
      description: 'Percent, one decimal; null when the previous period had no orders.',
      resolve: (r) => changePercent(r.current.orders, r.previous.orders),
    }),
    perDay: t.field({
      // LAST_30_DAYS
      extensions: listBound({ max: 30 }),
      type: [DailySalesRef],
      description: 'Every day of the period, oldest first, days without orders as zeros.',
      resolve: (r) => r.perDay(),
    }),
    topProducts: t.field({
      extensions: listBound({ max: MAX_TOP_PRODUCTS }),
      type: [TopProductRef],
      description: 'By net sales of their lines in the period; first: 1–20.',
      args: { first: t.arg.int({ defaultValue: 5 }) },
      resolve: (r, args) => r.top(args.first ?? 5),
    }),
  }),
});

const WorkQueueItemRef = builder.objectRef<WorkQueueItem>('WorkQueueItem').implement({
  extensions: auth.authenticated,
  fields: (t) => ({
    count: t.field({ type: CountRef, resolve: (i) => i.count() }),
    query: t.string({
      description: 'The search (SPEC §7.4) of the list that shows these, for a link to it.',
      resolve: (i) => i.query,
    }),
  }),
});

const queueField = (key: WorkQueueKey, description: string) =>
  ({
    type: WorkQueueItemRef,
    nullable: true,
    description: `${description} Null without ${WORK_QUEUE[key].permission}.`,
    resolve: async (_p: object, _a: object, ctx: Ctx) => {
      if (!ctx.viewer?.permissions.has(WORK_QUEUE[key].permission)) return null;
      const shop = await ctx.loaders.shop();
      return workQueueItem(ctx.services.db, key, {
        currency: shop.currencyCode,
        numberPrefix: shop.orderNumberPrefix,
      });
    },
  }) as const;

const WorkQueueRef = builder.objectRef<object>('WorkQueue').implement({
  description: 'What needs doing, each part for those who may read it.',
  extensions: auth.authenticated,
  fields: (t) => ({
    ordersToFulfill: t.field(queueField('ordersToFulfill', 'Open orders not wholly fulfilled.')),
    unpaidOrders: t.field(queueField('unpaidOrders', 'Orders not cancelled and not (wholly) paid.')),
    openDrafts: t.field(queueField('openDrafts', 'Draft orders not completed.')),
    lowStock: t.field(
      queueField(
        'lowStock',
        'Tracked variants’ stock at locations that stock them (SPEC §10: ever received, adjusted or sold there, or holding units), available at or below the low-stock threshold (variant’s, else store’s).',
      ),
    ),
    returnsToReceive: t.field(
      queueField('returnsToReceive', 'Returns awaiting their parcel or partly received (issue #31).'),
    ),
    returnsToSettle: t.field(
      queueField('returnsToSettle', 'Returns received in part or whole whose money is not settled yet.'),
    ),
  }),
});

const AnalyticsRef = builder.objectRef<object>('Analytics').implement({
  description: 'The home screen’s figures (SPEC §2 "/").',
  extensions: auth.authenticated,
  fields: (t) => ({
    sales: t.field({
      type: SalesReportRef,
      extensions: reports,
      args: { period: t.arg({ type: AnalyticsPeriodEnum, required: true }) },
      resolve: async (_p, args, ctx) =>
        salesReport(ctx.services.db, (await ctx.loaders.shop()).timezone, args.period),
    }),
    workQueue: t.field({ type: WorkQueueRef, resolve: () => ({}) }),
  }),
});

builder.queryFields((t) => ({
  analytics: t.field({
    type: AnalyticsRef,
    description:
      'Home figures: `sales` needs REPORTS_READ; `workQueue` shows each person the parts they may read.',
    extensions: auth.authenticated,
    resolve: () => ({}),
  }),
}));
