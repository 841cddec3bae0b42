import type { Executor } from '../../db/database.js';
import type { Customer } from './customer.model.js';
import type { ListResult, PageArgs } from '../../lib/pagination.js';
import { customerSearchCondition } from './customer-search.js';
import {
  countCustomers,
  pageCustomers,
  type CustomerPage,
  type CustomerSortKey,
} from './customer.repository.js';

/** Customers' list: see ListResult. */
export type CustomerList = ListResult<Customer, CustomerPage>;

/** Customers matching a search (money in the shop's currency), sorted and paged by keyset. */
export function listCustomers(
  db: Executor,
  args: {
    query?: string | null;
    currency: string;
    sortKey: CustomerSortKey;
    reverse: boolean;
    page: PageArgs;
    /** Read each customer's addresses with the page (the caller shows them). */
    addresses?: boolean;
    /** null: count every match (an export's total); lists stop at 10,000. */
    countCap?: number | null;
  },
): CustomerList {
  const search = customerSearchCondition(args.query, args.currency);
  if ('errors' in search) return search;
  return {
    page: () =>
      pageCustomers(db, search.condition, args.sortKey, args.reverse, args.page, {
        addresses: Boolean(args.addresses),
      }),
    count: () => countCustomers(db, search.condition, args.countCap),
  };
}
