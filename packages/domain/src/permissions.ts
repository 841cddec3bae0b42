/** Every permission of SPEC §6. The order here is the order the UI lists them in. */
export const PERMISSIONS = [
  'CATALOG_READ',
  'CATALOG_WRITE',
  'INVENTORY_WRITE',
  'ORDERS_READ',
  'ORDERS_WRITE',
  'REFUNDS_WRITE',
  'RETURNS_WRITE',
  'CUSTOMERS_READ',
  'CUSTOMERS_WRITE',
  'CUSTOMERS_ERASE',
  'DISCOUNTS_READ',
  'DISCOUNTS_WRITE',
  'REPORTS_READ',
  'DATA_EXPORT',
  'DATA_IMPORT',
  'WEBHOOKS_MANAGE',
  'VIEWS_MANAGE',
  'SETTINGS_WRITE',
  'STAFF_MANAGE',
  'AUDIT_READ',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  CATALOG_READ: 'See products, variants, categories, collections, media and stock levels',
  CATALOG_WRITE: 'Create, edit and delete the catalog; run imports; upload media',
  INVENTORY_WRITE: 'Adjust and transfer stock; manage locations',
  ORDERS_READ: 'See orders, drafts and their timelines',
  ORDERS_WRITE: 'Work orders: drafts, fulfil, cancel, mark paid, capture, comments',
  REFUNDS_WRITE: 'Refund and void payments',
  RETURNS_WRITE: 'Create, receive, settle and cancel returns and exchanges',
  CUSTOMERS_READ: 'See customers, their addresses and timelines',
  CUSTOMERS_WRITE: 'Create, edit and disable customers',
  CUSTOMERS_ERASE: "Erase a customer's personal data",
  DISCOUNTS_READ: 'See discount codes',
  DISCOUNTS_WRITE: 'Create, edit and delete discount codes',
  REPORTS_READ: 'See analytics and reports',
  DATA_EXPORT: 'Export any list to CSV (orders and customers carry personal data)',
  DATA_IMPORT:
    'Import products, stock and customers from CSV (with the write permission of what is imported)',
  WEBHOOKS_MANAGE: 'Manage webhook subscriptions and see their deliveries',
  VIEWS_MANAGE: 'Create and edit views shared with all staff',
  SETTINGS_WRITE: 'Change store settings, shipping and taxes',
  STAFF_MANAGE: 'Manage staff, invitations, roles and their sessions',
  AUDIT_READ: 'Read the audit log',
};

/** Human words for "You don't have permission to <action>". */
export const PERMISSION_ACTIONS: Record<Permission, string> = {
  CATALOG_READ: 'see the catalog',
  CATALOG_WRITE: 'change the catalog',
  INVENTORY_WRITE: 'change stock',
  ORDERS_READ: 'see orders',
  ORDERS_WRITE: 'change orders',
  REFUNDS_WRITE: 'refund payments',
  RETURNS_WRITE: 'work returns',
  CUSTOMERS_READ: 'see customers',
  CUSTOMERS_WRITE: 'change customers',
  CUSTOMERS_ERASE: "erase customers' personal data",
  DISCOUNTS_READ: 'see discounts',
  DISCOUNTS_WRITE: 'change discounts',
  REPORTS_READ: 'see reports',
  DATA_EXPORT: 'export lists to CSV',
  DATA_IMPORT: 'import CSV files',
  WEBHOOKS_MANAGE: 'manage webhooks',
  VIEWS_MANAGE: 'manage shared views',
  SETTINGS_WRITE: 'change store settings',
  STAFF_MANAGE: 'manage staff',
  AUDIT_READ: 'read the audit log',
};

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

export function forbiddenMessage(permission: Permission): string {
  return `You don't have permission to ${PERMISSION_ACTIONS[permission]}. Ask a staff manager for ${permission}.`;
}

export interface BuiltInRole {
  key: string;
  name: string;
  description: string;
  permissions: readonly Permission[];
}

const READS = PERMISSIONS.filter((p) => p.endsWith('_READ'));

export const BUILT_IN_ROLES: readonly BuiltInRole[] = [
  {
    key: 'administrator',
    name: 'Administrator',
    description: 'Everything in the store.',
    permissions: PERMISSIONS,
  },
  {
    key: 'catalog-manager',
    name: 'Catalog manager',
    description: 'Products, stock, discounts, reports and CSV imports.',
    permissions: [
      'CATALOG_READ',
      'CATALOG_WRITE',
      'INVENTORY_WRITE',
      'DISCOUNTS_READ',
      'DISCOUNTS_WRITE',
      'REPORTS_READ',
      'DATA_IMPORT',
      'DATA_EXPORT',
    ],
  },
  {
    key: 'fulfillment',
    name: 'Fulfillment',
    description: 'Picks, packs and ships orders; receives returns; adjusts stock.',
    permissions: ['CATALOG_READ', 'INVENTORY_WRITE', 'ORDERS_READ', 'ORDERS_WRITE', 'RETURNS_WRITE'],
  },
  {
    key: 'support',
    name: 'Support',
    description: 'Looks after customers and their orders, including refunds and returns.',
    permissions: [
      'CATALOG_READ',
      'ORDERS_READ',
      'ORDERS_WRITE',
      'REFUNDS_WRITE',
      'RETURNS_WRITE',
      'CUSTOMERS_READ',
      'CUSTOMERS_WRITE',
      'DISCOUNTS_READ',
    ],
  },
  {
    key: 'analyst',
    name: 'Analyst',
    description: 'Reads everything, changes nothing.',
    permissions: Array.from(new Set([...READS, 'REPORTS_READ' as const, 'DATA_EXPORT' as const])),
  },
];

/** A staff member's account: invited (no password yet), active, or deactivated. */
export const STAFF_STATES = ['INVITED', 'ACTIVE', 'DEACTIVATED'] as const;
export type StaffState = (typeof STAFF_STATES)[number];

export const API_TOKEN_STATUSES = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export type ApiTokenStatus = (typeof API_TOKEN_STATUSES)[number];

/** Who did what an audit event records: a staff member, the system, or an API token. */
export const ACTOR_TYPES = ['staff', 'system', 'api'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];
