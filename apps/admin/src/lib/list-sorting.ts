import type { ListParams } from './list-params-of';

// How a list's sort in the URL becomes the API's sortKey and reverse: plain functions, so a route's
// loader (app/router.tsx) can use them without the list's controls.

/** How one list sorts and which search field its tabs edit (products: status:, customers: state:). */
export interface ListSorting<K extends string> {
  sorts: { value: K; label: string }[];
  /** The sort used when the URL names none. */
  defaultSort: K;
  /** Each key's natural order (the API's SortKeys docs); `reverse` flips it. */
  naturalDesc: Record<K, boolean>;
  tabs: { value: string; label: string }[];
  /** The search field the tabs set, e.g. "status". */
  tabField: string;
  tabLabel: string;
}

export function sortKeyOf<K extends string>(list: ListSorting<K>, params: Pick<ListParams, 'sort'>): K {
  return list.sorts.find((s) => s.value === params.sort)?.value ?? list.defaultSort;
}

/** The direction shown: asc or desc, whatever the key's natural order. */
export function directionOf<K extends string>(
  list: ListSorting<K>,
  params: Pick<ListParams, 'sort' | 'dir'>,
): 'asc' | 'desc' {
  return params.dir ?? (list.naturalDesc[sortKeyOf(list, params)] ? 'desc' : 'asc');
}

/** `reverse` for the API: true when the chosen direction is against the key's natural order. */
export function reverseOf<K extends string>(
  list: ListSorting<K>,
  params: Pick<ListParams, 'sort' | 'dir'>,
): boolean {
  return (directionOf(list, params) === 'desc') !== list.naturalDesc[sortKeyOf(list, params)];
}
