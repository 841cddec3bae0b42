import {
  IconBuildingWarehouse,
  IconCategory,
  IconDiscount2,
  IconFilePencil,
  IconHome,
  IconPackage,
  IconPackageExport,
  IconReceipt,
  IconReceiptRefund,
  IconSettings,
  IconStack2,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { Permission } from '../../gql/graphql';

export interface NavEntry {
  /** Route path the entry opens. */
  to: string;
  label: string;
  icon: Icon;
  /** Permission needed to open the section; null when every signed-in person may. */
  permission: Permission | null;
  /** Only active on exactly this path (for "/"), not on paths below it. */
  end?: boolean;
}

/**
 * The sidebar, in order. A new area adds one line here, and people without that permission never
 * see it (SPEC §2, §6).
 */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { to: '/', label: 'Home', icon: IconHome, permission: null, end: true },
  { to: '/orders', label: 'Orders', icon: IconReceipt, permission: 'ORDERS_READ' },
  // Packing ships orders: only for those who may fulfil them (orderFulfill needs ORDERS_WRITE).
  { to: '/pack', label: 'Pack', icon: IconPackageExport, permission: 'ORDERS_WRITE' },
  { to: '/returns', label: 'Returns', icon: IconReceiptRefund, permission: 'ORDERS_READ' },
  { to: '/drafts', label: 'Drafts', icon: IconFilePencil, permission: 'ORDERS_READ' },
  { to: '/products', label: 'Products', icon: IconPackage, permission: 'CATALOG_READ' },
  { to: '/inventory', label: 'Inventory', icon: IconBuildingWarehouse, permission: 'CATALOG_READ' },
  { to: '/categories', label: 'Categories', icon: IconCategory, permission: 'CATALOG_READ' },
  { to: '/collections', label: 'Collections', icon: IconStack2, permission: 'CATALOG_READ' },
  { to: '/customers', label: 'Customers', icon: IconUsers, permission: 'CUSTOMERS_READ' },
  { to: '/discounts', label: 'Discounts', icon: IconDiscount2, permission: 'DISCOUNTS_READ' },
  { to: '/settings', label: 'Settings', icon: IconSettings, permission: null },
];

export function visibleNavEntries(
  entries: readonly NavEntry[],
  can: (permission: Permission) => boolean,
): NavEntry[] {
  return entries.filter((entry) => entry.permission === null || can(entry.permission));
}
