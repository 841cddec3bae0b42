import type { DiscountSortKeys } from '../../../gql/graphql';
import type { ListSorting } from '../../../components/list-controls';

/** How the discounts list sorts, and its one-click states. */
export const DISCOUNT_LIST: ListSorting<DiscountSortKeys> = {
  sorts: [
    { value: 'CREATED_AT', label: 'Created' },
    { value: 'CODE', label: 'Code' },
    { value: 'STARTS_AT', label: 'Starts' },
    { value: 'ENDS_AT', label: 'Ends' },
    { value: 'USAGE_COUNT', label: 'Times used' },
    { value: 'UPDATED_AT', label: 'Last updated' },
  ],
  defaultSort: 'CREATED_AT',
  naturalDesc: {
    CREATED_AT: true,
    CODE: false,
    STARTS_AT: true,
    ENDS_AT: true,
    USAGE_COUNT: true,
    UPDATED_AT: true,
  },
  tabs: [
    { value: 'all', label: 'All' },
    { value: 'active', label: 'Active' },
    { value: 'scheduled', label: 'Scheduled' },
    { value: 'expired', label: 'Expired' },
    { value: 'disabled', label: 'Disabled' },
  ],
  tabField: 'status',
  tabLabel: 'Status',
};
