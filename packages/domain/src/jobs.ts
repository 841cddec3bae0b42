import type { Permission } from './permissions.js';

/** What a background job does (SPEC §3 Job, §10). */
export const JOB_KINDS = [
  'EXPORT_AUDIT',
  'BULK_EDIT',
  'BULK_EDIT_CUSTOMERS',
  'EXPORT_PRODUCTS',
  'EXPORT_INVENTORY',
  'EXPORT_ORDERS',
  'EXPORT_CUSTOMERS',
  'IMPORT_PRODUCTS',
  'IMPORT_INVENTORY',
  'IMPORT_CUSTOMERS',
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
  BULK_EDIT_CUSTOMERS: ['CUSTOMERS_READ', 'CUSTOMERS_WRITE'],
  // A list's export: the permission its list needs (stock levels are catalog data) and DATA_EXPORT.
  EXPORT_PRODUCTS: ['CATALOG_READ', 'DATA_EXPORT'],
  EXPORT_INVENTORY: ['CATALOG_READ', 'DATA_EXPORT'],
  EXPORT_ORDERS: ['ORDERS_READ', 'DATA_EXPORT'],
  EXPORT_CUSTOMERS: ['CUSTOMERS_READ', 'DATA_EXPORT'],
  // An import (its dry run, its apply and its revert): what writing the records needs and DATA_IMPORT.
  IMPORT_PRODUCTS: ['CATALOG_READ', 'CATALOG_WRITE', 'DATA_IMPORT'],
  IMPORT_INVENTORY: ['CATALOG_READ', 'INVENTORY_WRITE', 'DATA_IMPORT'],
  IMPORT_CUSTOMERS: ['CUSTOMERS_READ', 'CUSTOMERS_WRITE', 'DATA_IMPORT'],
};

/** A kind in words, for people. */
export const JOB_KIND_LABELS: Record<JobKind, string> = {
  EXPORT_AUDIT: 'Audit log export',
  BULK_EDIT: 'Bulk product edit',
  BULK_EDIT_CUSTOMERS: 'Bulk customer edit',
  EXPORT_PRODUCTS: 'Products export',
  EXPORT_INVENTORY: 'Inventory export',
  EXPORT_ORDERS: 'Orders export',
  EXPORT_CUSTOMERS: 'Customers export',
  IMPORT_PRODUCTS: 'Products import',
  IMPORT_INVENTORY: 'Inventory import',
  IMPORT_CUSTOMERS: 'Customers import',
};

/** What a CSV import brings in (importStart's kind), and the job kind that does it. */
export const IMPORT_KINDS = ['PRODUCTS', 'INVENTORY', 'CUSTOMERS'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_JOB_KIND: Record<ImportKind, JobKind> = {
  PRODUCTS: 'IMPORT_PRODUCTS',
  INVENTORY: 'IMPORT_INVENTORY',
  CUSTOMERS: 'IMPORT_CUSTOMERS',
};

/**
 * What an import job does with its file: a dry run (writes nothing, reports per row), an apply (in
 * chunks of IMPORT_ROWS_PER_STEP rows, each chunk one transaction), or a revert of an applied import.
 */
export const IMPORT_MODES = ['DRY_RUN', 'APPLY', 'REVERT'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** What one row of an import does (in a dry run: would do). */
export const IMPORT_ROW_OUTCOMES = [
  'CREATED',
  'UPDATED',
  'UNCHANGED',
  'DELETED',
  'REVERTED',
  'ERROR',
] as const;
export type ImportRowOutcome = (typeof IMPORT_ROW_OUTCOMES)[number];

/** SPEC §9: an import file is at most 50 MB and 200,000 rows. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 200_000;
/** Rows one step (one transaction) of an import handles; a product's rows are never split. */
export const IMPORT_ROWS_PER_STEP = 500;
