import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import { customerJsonRow, type Customer } from '../customers/customer.model.js';
import { orderLineRow, orderRow, type Order, type OrderLine } from './order.model.js';
import {
  cappedCount,
  keysetPage,
  mapPage,
  type Count,
  type Page,
  type PageArgs,
  type SortCast,
} from '../../lib/pagination.js';

// ---- The list (alias: o orders); each sort has its index (migrations 005, 007) ----

interface OrderSort {
  /** The indexed expression: the page walks its index and stops after a page of matches. */
  walk: string;
  /**
   * The same values through an expression no index has, so the planner cannot walk the sort's
   * index: it fetches the matches by the search's own indexes (name words, SKU, tag) and sorts them.
   */
  gather: string;
  cast: SortCast;
  descending: boolean;
  nullable?: boolean;
  description?: string;
}

export const ORDER_SORTS: Record<
  'CREATED_AT' | 'UPDATED_AT' | 'NUMBER' | 'TOTAL' | 'CUSTOMER_NAME',
  OrderSort
> = {
  CREATED_AT: {
    walk: 'o.created_at',
    gather: "(o.created_at + interval '0 s')",
    cast: 'timestamptz',
    descending: true,
  },
  UPDATED_AT: {
    walk: 'o.updated_at',
    gather: "(o.updated_at + interval '0 s')",
    cast: 'timestamptz',
    descending: true,
  },
  NUMBER: { walk: 'o.number', gather: '(o.number + 0)', cast: 'bigint', descending: true },
  TOTAL: { walk: 'o.total', gather: '(o.total + 0)', cast: 'bigint', descending: true },
  CUSTOMER_NAME: {
    walk: 'lower(o.customer_name)',
    gather: "(lower(o.customer_name) || '')",
    cast: 'text',
    descending: false,
    nullable: true,
  },
};

export type OrderSortKey = keyof typeof ORDER_SORTS;

/**
 * How a page reads: `walk` the sort's index, filtering as it goes (right when many orders match),
 * or `gather` the matches and sort them (right when few do: a walk past a million orders to find
 * none is what makes a search for a misspelt name slow, and the planner cannot know which case it is
 * in, since it guesses how many orders a word prefix matches).
 */
export type OrderAccess = 'walk' | 'gather';

function orderListQuery(db: Executor, condition: RawBuilder<boolean> | null) {
  const q = db.selectFrom('orders as o').selectAll('o');
  return condition ? q.where(condition) : q;
}

/** An order line as linesOfOrders reads it: through the same mapper. */
const LINE = orderLineRow.json('l');

const CUSTOMER = customerJsonRow('c');

/** What a list shows of each order beyond its own row; each comes in the page's statement. */
export interface OrderListInclude {
  lines: boolean;
  customer: boolean;
}

/** A page of orders, with each one's lines and customer when the caller shows them. */
export type OrderPage = Page<Order> & {
  linesByOrder: Map<string, OrderLine[]> | null;
  customers: Customer[];
};

/**
 * One keyset page of the orders matching the condition. With `lines` or `customer`, those come in
 * the same statement as JSON columns, computed for the page's rows only (PostgreSQL evaluates them
 * after the sort and limit): one round trip for the page instead of three.
 */
export async function pageOrders(
  db: Executor,
  condition: RawBuilder<boolean> | null,
  sortKey: OrderSortKey,
  reverse: boolean,
  args: PageArgs,
  access: OrderAccess,
  include: OrderListInclude = { lines: false, customer: false },
): Promise<OrderPage> {
  const sort = ORDER_SORTS[sortKey];
  let query = orderListQuery(db, condition);
  if (include.lines) {
    query = query.select(
      sql<unknown[][]>`(select coalesce(json_agg(${LINE.array} order by l.position, l.id), '[]')
        from order_lines l where l.order_id = o.id)`.as('_page_lines'),
    );
  }
  if (include.customer) {
    query = query.select(
      sql<unknown[] | null>`(select ${CUSTOMER.array} from customers c where c.id = o.customer_id)`.as(
        '_page_customer',
      ),
    );
  }
  const page = await keysetPage(
    query,
    {
      expression: access === 'walk' ? sort.walk : sort.gather,
      cast: sort.cast,
      nullable: sort.nullable ?? false,
      idColumn: 'o.id',
    },
    sort.descending !== reverse,
    args,
  );
  const linesByOrder = include.lines ? new Map<string, OrderLine[]>() : null;
  const customers = new Map<string, Customer>();
  for (const row of page.rows as {
    id: string;
    _page_lines?: unknown[][];
    _page_customer?: unknown[] | null;
  }[]) {
    if (linesByOrder) linesByOrder.set(row.id, (row._page_lines ?? []).map(LINE.of));
    if (row._page_customer) {
      const customer = CUSTOMER.of(row._page_customer);
      customers.set(customer.id, customer);
    }
    delete row._page_lines;
    delete row._page_customer;
  }
  return { ...mapPage(page, orderRow.of), linesByOrder, customers: [...customers.values()] };
}

/** `cap: null` counts every match (an export's total); lists stop at COUNT_LIMIT. */
export function countOrders(
  db: Executor,
  condition: RawBuilder<boolean> | null,
  cap?: number | null,
): Promise<Count> {
  return cappedCount(db, orderListQuery(db, condition), cap);
}
