import type { FilterDef } from '../../../components/filter-chips';

/** The product list's filter chips; each writes one search term (SPEC §7.4). Status is its tabs. */
export const PRODUCT_FILTERS: FilterDef[] = [
  { field: 'vendor', label: 'Vendor', lookup: 'VENDOR' },
  { field: 'product_type', label: 'Type', lookup: 'PRODUCT_TYPE' },
  { field: 'tag', label: 'Tag', lookup: 'TAG' },
  { field: 'category', label: 'Category', nouns: 'categories', lookup: 'CATEGORY' },
  { field: 'collection', label: 'Collection', lookup: 'COLLECTION' },
  {
    field: 'stock',
    label: 'Stock',
    options: [
      { value: 'in', label: 'In stock' },
      { value: 'low', label: 'Low stock' },
      { value: 'out', label: 'Out of stock' },
    ],
  },
];
