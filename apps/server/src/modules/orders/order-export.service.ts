import type { AddressJson } from '../../db/columns.js';
import {
  listExporterOf,
  money,
  storeDateTime,
  type CsvRow,
  type ListExportInput,
} from '../jobs/list-export.service.js';
import type { Order, OrderLine } from './order.model.js';
import { listOrders } from './order-list.service.js';
import { ORDER_SORTS, type OrderSortKey } from './order-list.repository.js';
import { paidAndFulfilledTimes } from './order-export.repository.js';

/**
 * The orders list as Shopify's order export (issue #29): one row per line; the order's money,
 * addresses and dates on its first row only, as Shopify writes them; every row names its order.
 */

const FULFILLMENT_WORDS: Record<string, string> = {
  UNFULFILLED: 'unfulfilled',
  PARTIALLY_FULFILLED: 'partial',
  FULFILLED: 'fulfilled',
};
const PAID = new Set(['PAID', 'PARTIALLY_REFUNDED', 'REFUNDED']);

function address(prefix: 'Billing' | 'Shipping', a: AddressJson | null): CsvRow {
  if (!a) return {};
  const name = [a.firstName, a.lastName].filter(Boolean).join(' ');
  return {
    [`${prefix} Name`]: name,
    [`${prefix} Address1`]: a.line1,
    [`${prefix} Address2`]: a.line2,
    [`${prefix} Company`]: a.company,
    [`${prefix} City`]: a.city,
    [`${prefix} Zip`]: a.postalCode,
    [`${prefix} Province`]: a.region,
    [`${prefix} Country`]: a.countryCode,
    [`${prefix} Phone`]: a.phone,
  };
}

function orderRows(
  o: Order,
  lines: OrderLine[],
  times: { paidAt: Date | null; fulfilledAt: Date | null } | undefined,
  input: ListExportInput,
): CsvRow[] {
  const { currency, timeZone, numberPrefix } = input.shop;
  const at = (d: Date | string | null | undefined) => storeDateTime(d, timeZone);
  const common: CsvRow = {
    Name: `${numberPrefix}${o.number}`,
    Email: o.email,
    Currency: o.currencyCode,
    'Created at': at(o.createdAt),
  };
  const first: CsvRow = {
    'Financial Status': o.paymentStatus.toLowerCase(),
    'Paid at': PAID.has(o.paymentStatus) ? at(times?.paidAt) : null,
    'Fulfillment Status': FULFILLMENT_WORDS[o.fulfillmentStatus] ?? o.fulfillmentStatus.toLowerCase(),
    'Fulfilled at': o.fulfillmentStatus === 'FULFILLED' ? at(times?.fulfilledAt) : null,
    Subtotal: money(o.subtotal, currency),
    Shipping: money(o.shippingTotal, currency),
    Taxes: money(o.taxTotal, currency),
    Total: money(o.total, currency),
    'Discount Code': o.discountCode,
    'Discount Amount': money(o.discountTotal, currency),
    'Shipping Method': o.shippingName,
    ...address('Billing', o.billingAddress),
    ...address('Shipping', o.shippingAddress),
    Notes: o.note,
    'Cancelled at': at(o.cancelledAt),
    'Refunded Amount': money(o.totalRefunded, currency),
    'Outstanding Balance': money(o.status === 'CANCELLED' ? 0 : Math.max(0, o.total - o.totalPaid), currency),
    Tags: o.tags.join(', '),
    Source: o.source.toLowerCase(),
    Phone: o.phone,
  };
  const lineRows = lines.map((l) => ({
    ...common,
    'Lineitem quantity': l.quantity,
    'Lineitem name': l.variantTitle ? `${l.productTitle} - ${l.variantTitle}` : l.productTitle,
    'Lineitem price': money(l.unitPrice, currency),
    'Lineitem sku': l.sku,
    'Lineitem taxable': l.taxable,
    'Lineitem fulfillment status':
      l.fulfilledQuantity >= l.quantity ? 'fulfilled' : l.fulfilledQuantity > 0 ? 'partial' : 'pending',
    'Lineitem discount': money(l.discount, currency),
  }));
  const rows: CsvRow[] = lineRows.length ? lineRows : [{ ...common }];
  rows[0] = { ...rows[0], ...first };
  return rows;
}

export const orderExporter = listExporterOf({
  noun: 'orders',
  // The `orders` field's default first.
  sortKeys: Object.keys(ORDER_SORTS),
  pageSize: 250,
  list: (db, { shop, sortKey, ...args }) =>
    listOrders(db, {
      ...args,
      currency: shop.currency,
      numberPrefix: shop.numberPrefix,
      sortKey: sortKey as OrderSortKey,
      include: { lines: true, customer: false },
    }),
  rows: async (db, page, input) => {
    const times = await paidAndFulfilledTimes(
      db,
      page.rows.map((o) => o.id),
    );
    return (o) => orderRows(o, page.linesByOrder?.get(o.id) ?? [], times.get(o.id), input);
  },
});
