import type { ProductSortKeys } from '../../../gql/graphql';
import type { ListSorting } from '../../../lib/list-sorting';

/** How the product list sorts, and its one-click status: tabs. */
export const PRODUCT_LIST: ListSorting<ProductSortKeys> = {
  sorts: [
    { value: 'UPDATED_AT', label: 'Last updated' },
    { value: 'CREATED_AT', label: 'Created' },
    { value: 'TITLE', label: 'Title' },
    { value: 'PRICE', label: 'Price' },
    { value: 'VENDOR', label: 'Vendor' },
    { value: 'PRODUCT_TYPE', label: 'Product type' },
    { value: 'VARIANT_COUNT', label: 'Variants' },
    { value: 'INVENTORY', label: 'Inventory' },
  ],
  defaultSort: 'UPDATED_AT',
  naturalDesc: {
    UPDATED_AT: true,
    CREATED_AT: true,
    TITLE: false,
    PRICE: false,
    VENDOR: false,
    PRODUCT_TYPE: false,
    VARIANT_COUNT: false,
    INVENTORY: false,
  },
  tabs: [
    { value: 'all', label: 'All' },
    { value: 'active', label: 'Active' },
    { value: 'draft', label: 'Draft' },
    { value: 'archived', label: 'Archived' },
  ],
  tabField: 'status',
  tabLabel: 'Status',
};
