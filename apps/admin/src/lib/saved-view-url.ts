import { directionOf, reverseOf, sortKeyOf, type ListSorting } from './list-sorting';
import type { ListParams } from './list-params-of';

/** What a saved view keeps of a list (SPEC §3 SavedView), as the API answers it. */
export interface ViewState {
  query: string;
  sortKey: string | null;
  reverse: boolean;
  columns: readonly string[];
}

const normalized = (query: string) => query.trim().replace(/\s+/g, ' ');

/** The `cols=` of the URL as column keys ("" or none: the list's default columns). */
export function columnsOfParam(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
}

/** The URL parameters that show a view: its search, sort, direction and columns. */
export function paramsOfView<K extends string>(
  view: ViewState,
  sorting: ListSorting<K> | null,
): { q: string | null; sort: string | null; dir: string | null; cols: string | null } {
  let sort: string | null = null;
  let dir: string | null = null;
  if (sorting) {
    const key = sorting.sorts.find((s) => s.value === view.sortKey)?.value ?? sorting.defaultSort;
    sort = key === sorting.defaultSort ? null : key;
    const natural = sorting.naturalDesc[key] ? 'desc' : 'asc';
    const against = natural === 'desc' ? 'asc' : 'desc';
    dir = view.reverse ? against : null;
  }
  return {
    q: normalized(view.query) || null,
    sort,
    dir,
    cols: view.columns.length ? view.columns.join(',') : null,
  };
}

/** What the URL shows, as a view would keep it (the sort as the API's key and `reverse`). */
export function viewOfParams<K extends string>(
  params: Pick<ListParams, 'q' | 'sort' | 'dir' | 'get'>,
  sorting: ListSorting<K> | null,
): ViewState {
  return {
    query: normalized(params.q),
    sortKey: sorting ? sortKeyOf(sorting, params) : null,
    reverse: sorting ? reverseOf(sorting, params) : false,
    columns: columnsOfParam(params.get('cols')),
  };
}

/**
 * Whether the URL shows exactly the view: the same search, sort, direction and columns. A view with
 * no sort means the list's default one; no columns the default ones.
 */
export function sameAsView<K extends string>(
  params: Pick<ListParams, 'q' | 'sort' | 'dir' | 'get'>,
  view: ViewState,
  sorting: ListSorting<K> | null,
): boolean {
  const shown = viewOfParams(params, sorting);
  if (shown.query !== normalized(view.query)) return false;
  if (shown.columns.join(',') !== view.columns.join(',')) return false;
  if (!sorting) return true;
  const wanted = paramsOfView(view, sorting);
  const asked = { sort: wanted.sort, dir: wanted.dir } as Pick<ListParams, 'sort' | 'dir'>;
  return (
    sortKeyOf(sorting, params) === sortKeyOf(sorting, asked) &&
    directionOf(sorting, params) === directionOf(sorting, asked)
  );
}

/** Whether the URL names nothing of the list's state: a view or default may fill it in. */
export function urlIsBare(params: Pick<ListParams, 'q' | 'sort' | 'dir' | 'get'>): boolean {
  return !params.q && !params.sort && !params.dir && !params.get('cols');
}
