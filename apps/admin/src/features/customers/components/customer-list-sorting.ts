import type { CustomerSortKeys } from '../../../gql/graphql';
import type { ListSorting } from '../../../components/list-controls';

/** How the customer list sorts, and its one-click state: tabs. */
export const CUSTOMER_LIST: ListSorting<CustomerSortKeys> = {
  sorts: [
    { value: 'CREATED_AT', label: 'Created' },
    { value: 'UPDATED_AT', label: 'Last updated' },
    { value: 'NAME', label: 'Name' },
    { value: 'ORDERS_COUNT', label: 'Orders' },
    { value: 'TOTAL_SPENT', label: 'Total spent' },
    { value: 'LAST_ORDER', label: 'Last order' },
  ],
  defaultSort: 'CREATED_AT',
  naturalDesc: {
    CREATED_AT: true,
    UPDATED_AT: true,
    NAME: false,
    ORDERS_COUNT: true,
    TOTAL_SPENT: true,
    LAST_ORDER: true,
  },
  tabs: [
    { value: 'all', label: 'All' },
    { value: 'enabled', label: 'Enabled' },
    { value: 'disabled', label: 'Disabled' },
  ],
  tabField: 'state',
  tabLabel: 'State',
};
