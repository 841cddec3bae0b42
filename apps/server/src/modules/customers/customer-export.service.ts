import { listExporterOf, money } from '../jobs/list-export.service.js';
import type { Customer, CustomerAddress } from './customer.model.js';
import { listCustomers } from './customer-list.service.js';
import { CUSTOMER_SORTS, type CustomerSortKey } from './customer.repository.js';

/**
 * The customers list as Shopify's customer CSV (issue #29), with each customer's default address
 * (else their first). An erased customer is exported as erased: its totals and placeholder email,
 * never a name, phone, address, tag or note (written empty even if a row still held one).
 */

function row(c: Customer, addresses: CustomerAddress[], currency: string) {
  const totals = {
    Email: c.email,
    'Total Spent': money(c.totalSpent, currency),
    'Total Orders': c.ordersCount,
    'Accepts Marketing': c.acceptsMarketing ? 'yes' : 'no',
  };
  if (c.state === 'ERASED' || c.erasedAt) return { ...totals, 'Accepts Marketing': 'no' };
  const a = addresses.find((x) => x.id === c.defaultAddressId) ?? addresses[0];
  return {
    ...totals,
    'First Name': c.firstName,
    'Last Name': c.lastName,
    Company: a?.company,
    Address1: a?.line1,
    Address2: a?.line2,
    City: a?.city,
    Province: a?.region,
    'Country Code': a?.countryCode,
    Zip: a?.postalCode,
    Phone: c.phone,
    Tags: c.tags.join(', '),
    Note: c.note,
  };
}

export const customerExporter = listExporterOf({
  noun: 'customers',
  // The `customers` field's default first.
  sortKeys: Object.keys(CUSTOMER_SORTS),
  pageSize: 250,
  list: (db, { shop, sortKey, ...args }) =>
    listCustomers(db, {
      ...args,
      currency: shop.currency,
      sortKey: sortKey as CustomerSortKey,
      addresses: true,
    }),
  rows: (_db, page, input) => (c) => [row(c, page.addressesByCustomer?.get(c.id) ?? [], input.shop.currency)],
});
