import { addressLines } from '@stockroom/domain';
import type { OrderSource, TransactionKind } from '../../../gql/graphql';

/** Transaction kinds as a merchant says them. */
export const TRANSACTION_WORDS: Record<TransactionKind, string> = {
  AUTHORIZATION: 'Authorized',
  CAPTURE: 'Captured',
  SALE: 'Paid',
  VOID: 'Voided',
  REFUND: 'Refunded',
};

export const SOURCE_WORDS: Record<OrderSource, string> = {
  API: 'API',
  DRAFT: 'Draft order',
  IMPORT: 'Import',
  DEMO: 'Demo data',
};

/** "1 item", "3 items". */
export function items(n: number): string {
  return `${n.toLocaleString()} ${n === 1 ? 'item' : 'items'}`;
}

/** A person's name from an address's parts, or null. */
export function addressName(a: { firstName?: string | null; lastName?: string | null } | null | undefined) {
  return [a?.firstName, a?.lastName].filter(Boolean).join(' ') || null;
}

/** An address as the lines of a label, laid out the way its country writes them (domain). */
export { addressLines };
