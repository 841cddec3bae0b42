import type { OrderSortKeys } from '../../../gql/graphql';
import type { ListSorting } from '../../../components/list-controls';

/** One saved view of the list (SPEC §2): a name and the search it runs. */
export interface OrderTab {
  value: string;
  label: string;
  /** The search in the URL's ?q=; "" for every order. */
  query: string;
}

/**
 * The list's tabs. Each is only a search, so it shows in the box, can be refined, and a URL with
 * the same ?q= opens the same tab. The server's partial indexes are made for exactly these.
 */
export const ORDER_TABS: readonly OrderTab[] = [
  { value: 'all', label: 'All', query: '' },
  { value: 'unfulfilled', label: 'Unfulfilled', query: 'status:open -fulfillment_status:fulfilled' },
  {
    value: 'unpaid',
    label: 'Unpaid',
    query:
      '-status:cancelled (payment_status:pending OR payment_status:authorized OR payment_status:partially_paid)',
  },
  { value: 'open', label: 'Open', query: 'status:open' },
  { value: 'archived', label: 'Archived', query: 'status:closed' },
];

const normalized = (query: string) => query.trim().replace(/\s+/g, ' ');

/** The tab whose search is the one in the URL, or null when the search is someone's own. */
export function tabOf(query: string): OrderTab | null {
  const q = normalized(query);
  return ORDER_TABS.find((t) => t.query === q) ?? null;
}

/** How the order list sorts; its tabs are whole searches (ORDER_TABS), not one field. */
export const ORDER_LIST: ListSorting<OrderSortKeys> = {
  sorts: [
    { value: 'CREATED_AT', label: 'Date' },
    { value: 'NUMBER', label: 'Order number' },
    { value: 'TOTAL', label: 'Total' },
    { value: 'CUSTOMER_NAME', label: 'Customer' },
    { value: 'UPDATED_AT', label: 'Last updated' },
  ],
  defaultSort: 'CREATED_AT',
  naturalDesc: {
    CREATED_AT: true,
    NUMBER: true,
    TOTAL: true,
    CUSTOMER_NAME: false,
    UPDATED_AT: true,
  },
  tabs: [],
  tabField: 'status',
  tabLabel: 'Orders',
};
