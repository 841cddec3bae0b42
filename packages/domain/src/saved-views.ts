import type { Permission } from './permissions.js';

/**
 * Saved views (SPEC §2 `view=`, §3 SavedView): a list's search, sort and columns kept under a name,
 * private to its owner or shared with all staff (VIEWS_MANAGE). Shared by the server (validation)
 * and the admin (tabs, the Columns chooser).
 */
export const SAVED_VIEW_RESOURCES = [
  'PRODUCTS',
  'ORDERS',
  'DRAFT_ORDERS',
  'CUSTOMERS',
  'INVENTORY',
  'DISCOUNTS',
  'RETURNS',
] as const;
export type SavedViewResource = (typeof SAVED_VIEW_RESOURCES)[number];

export const MAX_SAVED_VIEW_NAME_LENGTH = 60;
export const MAX_SAVED_VIEW_QUERY_LENGTH = 1_000;
export const MAX_SAVED_VIEW_COLUMNS = 30;
/** At most this many private views per resource per staff member, and shared ones per resource. */
export const MAX_SAVED_VIEWS_PER_RESOURCE = 50;

/** The read permission a resource's list needs: its views need the same. */
export const SAVED_VIEW_READ_PERMISSION: Record<SavedViewResource, Permission> = {
  PRODUCTS: 'CATALOG_READ',
  INVENTORY: 'CATALOG_READ',
  ORDERS: 'ORDERS_READ',
  DRAFT_ORDERS: 'ORDERS_READ',
  RETURNS: 'ORDERS_READ',
  CUSTOMERS: 'CUSTOMERS_READ',
  DISCOUNTS: 'DISCOUNTS_READ',
};

/** Each list's sort keys: the values of its GraphQL *SortKeys enum (a server test keeps them equal). */
export const SAVED_VIEW_SORT_KEYS: Record<SavedViewResource, readonly string[]> = {
  PRODUCTS: [
    'CREATED_AT',
    'INVENTORY',
    'PRICE',
    'PRODUCT_TYPE',
    'TITLE',
    'UPDATED_AT',
    'VARIANT_COUNT',
    'VENDOR',
  ],
  ORDERS: ['CREATED_AT', 'CUSTOMER_NAME', 'NUMBER', 'TOTAL', 'UPDATED_AT'],
  DRAFT_ORDERS: ['CREATED_AT', 'CUSTOMER_NAME', 'NUMBER', 'TOTAL', 'UPDATED_AT'],
  CUSTOMERS: ['CREATED_AT', 'LAST_ORDER', 'NAME', 'ORDERS_COUNT', 'TOTAL_SPENT', 'UPDATED_AT'],
  INVENTORY: ['AVAILABLE', 'PRODUCT_TITLE', 'SKU', 'UPDATED_AT'],
  DISCOUNTS: ['CODE', 'CREATED_AT', 'ENDS_AT', 'STARTS_AT', 'UPDATED_AT', 'USAGE_COUNT'],
  RETURNS: ['CREATED_AT'],
};

export interface SavedViewColumn {
  key: string;
  label: string;
  /** Shown when no view or `cols=` chooses the columns. */
  default: boolean;
}

const col = (key: string, label: string, shown = false): SavedViewColumn => ({ key, label, default: shown });

/**
 * The columns a list can show, in their default order. Lists without a Columns chooser have none:
 * a view of theirs keeps no columns.
 */
export const SAVED_VIEW_COLUMNS: Record<SavedViewResource, readonly SavedViewColumn[]> = {
  ORDERS: [
    col('number', 'Order', true),
    col('date', 'Date', true),
    col('customer', 'Customer', true),
    col('total', 'Total', true),
    col('status', 'Payment and fulfillment', true),
    col('items', 'Items', true),
    col('tags', 'Tags', true),
    col('channel', 'Channel'),
    col('country', 'Country'),
    col('payment', 'Payment'),
    col('fulfillment', 'Fulfillment'),
  ],
  PRODUCTS: [
    col('product', 'Product', true),
    col('status', 'Status', true),
    col('inventory', 'Stock', true),
    col('variants', 'Variants', true),
    col('category', 'Category', true),
    col('updated', 'Updated', true),
    col('vendor', 'Vendor'),
    col('type', 'Type'),
    col('tags', 'Tags'),
    col('price', 'Price'),
    col('created', 'Created'),
  ],
  CUSTOMERS: [
    col('name', 'Customer', true),
    col('state', 'State', true),
    col('orders', 'Orders', true),
    col('spent', 'Total spent', true),
    col('country', 'Country', true),
    col('created', 'Created', true),
    col('lastOrder', 'Last order'),
    col('tags', 'Tags'),
  ],
  DRAFT_ORDERS: [],
  INVENTORY: [],
  DISCOUNTS: [],
  RETURNS: [],
};

export function isSavedViewResource(value: string): value is SavedViewResource {
  return (SAVED_VIEW_RESOURCES as readonly string[]).includes(value);
}

/** The default columns of a resource's list, in order. */
export function defaultSavedViewColumns(resource: SavedViewResource): string[] {
  return SAVED_VIEW_COLUMNS[resource].filter((c) => c.default).map((c) => c.key);
}

/** Known, distinct column keys of `columns`, in their given order (unknown ones dropped). */
export function knownSavedViewColumns(resource: SavedViewResource, columns: readonly string[]): string[] {
  const known = new Set(SAVED_VIEW_COLUMNS[resource].map((c) => c.key));
  return [...new Set(columns)].filter((c) => known.has(c));
}
