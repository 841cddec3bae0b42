import type { Permission } from './permissions.js';

/** What a background job does (SPEC §3 Job, §10). */
export const JOB_KINDS = [
  'EXPORT_AUDIT',
  'BULK_EDIT',
  'EXPORT_PRODUCTS',
  'EXPORT_INVENTORY',
  'EXPORT_ORDERS',
  'EXPORT_CUSTOMERS',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** QUEUED → RUNNING → SUCCEEDED | FAILED; QUEUED/RUNNING → CANCELLED (SPEC §4). */
export const JOB_STATUSES = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A job that can still change. */
export const ACTIVE_JOB_STATUSES: readonly JobStatus[] = ['QUEUED', 'RUNNING'];

/**
 * What a kind needs, both to start it and to read it when someone else started it: an audit export
 * what the audit CSV download needs; a bulk edit what editing the catalog needs.
 */
export const JOB_KIND_PERMISSIONS: Record<JobKind, readonly Permission[]> = {
  EXPORT_AUDIT: ['AUDIT_READ', 'DATA_EXPORT'],
  BULK_EDIT: ['CATALOG_WRITE'],
  // A list's export: the permission its list needs (stock levels are catalog data) and DATA_EXPORT.
  EXPORT_PRODUCTS: ['CATALOG_READ', 'DATA_EXPORT'],
  EXPORT_INVENTORY: ['CATALOG_READ', 'DATA_EXPORT'],
  EXPORT_ORDERS: ['ORDERS_READ', 'DATA_EXPORT'],
  EXPORT_CUSTOMERS: ['CUSTOMERS_READ', 'DATA_EXPORT'],
};

/** A kind in words, for people. */
export const JOB_KIND_LABELS: Record<JobKind, string> = {
  EXPORT_AUDIT: 'Audit log export',
  BULK_EDIT: 'Bulk product edit',
  EXPORT_PRODUCTS: 'Products export',
  EXPORT_INVENTORY: 'Inventory export',
  EXPORT_ORDERS: 'Orders export',
  EXPORT_CUSTOMERS: 'Customers export',
};
