import type { FilterDef } from '../../../components/filter-chips';

/** The customer list's filter chips; each writes one search term (SPEC §7.4). State is its tabs. */
export const CUSTOMER_FILTERS: FilterDef[] = [
  { field: 'tag', label: 'Tag', lookup: 'TAG' },
  {
    field: 'accepts_marketing',
    label: 'Email marketing',
    options: [
      { value: 'true', label: 'Subscribed' },
      { value: 'false', label: 'Not subscribed' },
    ],
  },
  {
    field: 'orders_count',
    label: 'Orders',
    options: [
      { value: '>0', label: 'Has orders' },
      { value: '0', label: 'No orders yet' },
    ],
  },
];
