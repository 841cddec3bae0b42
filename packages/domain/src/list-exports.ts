/**
 * The CSV exports of the lists (issue #29): Shopify's column names, so a later import reads the
 * same files. Products add one `Stock: <location name>` column per active location after these.
 */
export const LIST_EXPORT_KINDS = [
  'EXPORT_PRODUCTS',
  'EXPORT_INVENTORY',
  'EXPORT_ORDERS',
  'EXPORT_CUSTOMERS',
] as const;
export type ListExportKind = (typeof LIST_EXPORT_KINDS)[number];

export const PRODUCT_EXPORT_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Tags',
  'Status',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Tracker',
  'Variant Inventory Policy',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Barcode',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'SEO Title',
  'SEO Description',
  'Variant Weight Unit',
  'Cost per item',
] as const;

/** The prefix of a product export's stock column: `Stock: Main warehouse` (units on hand there). */
export const STOCK_COLUMN_PREFIX = 'Stock: ';

export const INVENTORY_EXPORT_COLUMNS = [
  'Handle',
  'Title',
  'Option1 Value',
  'Option2 Value',
  'Option3 Value',
  'SKU',
  'Location',
  'On hand',
  'Committed',
  'Available',
] as const;

export const ORDER_EXPORT_COLUMNS = [
  'Name',
  'Email',
  'Financial Status',
  'Paid at',
  'Fulfillment Status',
  'Fulfilled at',
  'Currency',
  'Subtotal',
  'Shipping',
  'Taxes',
  'Total',
  'Discount Code',
  'Discount Amount',
  'Shipping Method',
  'Created at',
  'Lineitem quantity',
  'Lineitem name',
  'Lineitem price',
  'Lineitem sku',
  'Lineitem taxable',
  'Lineitem fulfillment status',
  'Lineitem discount',
  'Billing Name',
  'Billing Address1',
  'Billing Address2',
  'Billing Company',
  'Billing City',
  'Billing Zip',
  'Billing Province',
  'Billing Country',
  'Billing Phone',
  'Shipping Name',
  'Shipping Address1',
  'Shipping Address2',
  'Shipping Company',
  'Shipping City',
  'Shipping Zip',
  'Shipping Province',
  'Shipping Country',
  'Shipping Phone',
  'Notes',
  'Cancelled at',
  'Refunded Amount',
  'Outstanding Balance',
  'Tags',
  'Source',
  'Phone',
] as const;

export const CUSTOMER_EXPORT_COLUMNS = [
  'First Name',
  'Last Name',
  'Email',
  'Company',
  'Address1',
  'Address2',
  'City',
  'Province',
  'Country Code',
  'Zip',
  'Phone',
  'Accepts Marketing',
  'Total Spent',
  'Total Orders',
  'Tags',
  'Note',
] as const;

/** The fixed columns of each kind, in the file's order. */
export const LIST_EXPORT_COLUMNS: Record<ListExportKind, readonly string[]> = {
  EXPORT_PRODUCTS: PRODUCT_EXPORT_COLUMNS,
  EXPORT_INVENTORY: INVENTORY_EXPORT_COLUMNS,
  EXPORT_ORDERS: ORDER_EXPORT_COLUMNS,
  EXPORT_CUSTOMERS: CUSTOMER_EXPORT_COLUMNS,
};

export function isListExportKind(kind: string): kind is ListExportKind {
  return (LIST_EXPORT_KINDS as readonly string[]).includes(kind);
}
