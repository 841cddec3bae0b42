import { JOB_KIND_LABELS, JOB_KINDS, type JobKind } from './jobs.js';

const isKind = (v: unknown): v is JobKind => typeof v === 'string' && JOB_KINDS.includes(v as JobKind);
const count = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;
const words = (code: string) => code.charAt(0) + code.slice(1).toLowerCase().replace(/_/g, ' ');
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** A list export's rows, capitalised and not. */
const LIST_EXPORT_NOUNS: Partial<Record<string, [string, string]>> = {
  EXPORT_PRODUCTS: ['Products', 'products'],
  EXPORT_INVENTORY: ['Stock levels', 'stock levels'],
  EXPORT_ORDERS: ['Orders', 'orders'],
  EXPORT_CUSTOMERS: ['Customers', 'customers'],
};

/** A kind in words ("Audit log export"); null for a value that is no kind. */
export function jobKindWords(kind: unknown): string | null {
  return isKind(kind) ? JOB_KIND_LABELS[kind] : null;
}

/**
 * What a job was started to do, in a merchant's words, for the audit log's `job.start`: an export's
 * search, a bulk edit's number of products and the field it changes. `collection` names a bulk
 * edit's collection when the caller could look it up. Reads the input of any recorded job start
 * (older events recorded it whole), so never throws and never answers nothing.
 */
export function jobInputSummary(kind: unknown, input: unknown, collection?: string | null): string {
  const given = typeof input === 'object' && input !== null && !Array.isArray(input);
  const i = (given ? input : {}) as Record<string, unknown>;
  if (kind === 'EXPORT_AUDIT') {
    const query = typeof i['query'] === 'string' ? i['query'].trim() : '';
    return query ? `Audit events matching “${query}”` : 'The whole audit log (no search)';
  }
  if (kind === 'BULK_EDIT' || kind === 'BULK_EDIT_CUSTOMERS') {
    const noun = kind === 'BULK_EDIT' ? 'product' : 'customer';
    const products = Array.isArray(i['ids'])
      ? count(i['ids'].length, noun)
      : kind === 'BULK_EDIT'
        ? 'Products'
        : 'Customers';
    const action = (typeof i['action'] === 'object' && i['action'] !== null ? i['action'] : {}) as Record<
      string,
      unknown
    >;
    const added = strings(action['addTags']);
    const removed = strings(action['removeTags']);
    const what =
      typeof action['setStatus'] === 'string'
        ? `status set to ${words(action['setStatus'])}`
        : added.length
          ? `tags added: ${added.join(', ')}`
          : removed.length
            ? `tags removed: ${removed.join(', ')}`
            : typeof action['addToCollectionId'] === 'string'
              ? collection
                ? `added to the collection “${collection}”`
                : 'added to a collection'
              : action['delete'] === true
                ? 'deleted'
                : 'changed';
    return `${products}: ${what}`;
  }
  const listNoun = typeof kind === 'string' ? LIST_EXPORT_NOUNS[kind] : undefined;
  if (listNoun) {
    const query = typeof i['query'] === 'string' ? i['query'].trim() : '';
    const columns = strings(i['columns']);
    const which = query ? `${listNoun[0]} matching “${query}”` : `All ${listNoun[1]}`;
    return `${which}; ${columns.length ? count(columns.length, 'column') : 'all columns'}`;
  }
  if (kind === 'IMPORT_PRODUCTS' || kind === 'IMPORT_INVENTORY' || kind === 'IMPORT_CUSTOMERS') {
    const file = typeof i['fileName'] === 'string' && i['fileName'] ? `“${i['fileName']}”` : 'A CSV file';
    const rows = typeof i['rows'] === 'number' ? ` (${count(i['rows'], 'row')})` : '';
    if (i['mode'] === 'REVERT') return `Undo of the import of ${file}`;
    if (i['mode'] === 'APPLY') return `${file}${rows}: applied`;
    return `${file}${rows}: dry run, nothing changed`;
  }
  const keys = Object.keys(i);
  return keys.length ? `Given: ${keys.join(', ')}` : 'Nothing to choose';
}
