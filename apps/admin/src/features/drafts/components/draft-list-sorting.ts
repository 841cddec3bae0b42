import type { DraftOrderSortKeys } from '../../../gql/graphql';
import type { ListSorting } from '../../../components/list-controls';

/** How the drafts list sorts, and its one-click state: open, completed, all. */
export const DRAFT_LIST: ListSorting<DraftOrderSortKeys> = {
  sorts: [
    { value: 'UPDATED_AT', label: 'Last updated' },
    { value: 'CREATED_AT', label: 'Created' },
    { value: 'NUMBER', label: 'Number' },
    { value: 'CUSTOMER_NAME', label: 'Customer' },
    { value: 'TOTAL', label: 'Total' },
  ],
  defaultSort: 'UPDATED_AT',
  naturalDesc: { UPDATED_AT: true, CREATED_AT: true, NUMBER: true, CUSTOMER_NAME: false, TOTAL: true },
  tabs: [
    { value: 'all', label: 'All' },
    { value: 'open', label: 'Open' },
    { value: 'completed', label: 'Completed' },
  ],
  tabField: 'status',
  tabLabel: 'Status',
};
