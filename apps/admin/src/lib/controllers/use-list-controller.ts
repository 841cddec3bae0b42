import { useMemo, useState } from 'react';
import type { ListParams } from '../list-params-of';
import { useRememberRows } from '../record-neighbours';
import { useListSelection } from '../use-list-selection';

/** The parts of a list query's result the controller reads (Apollo's useQuery result has them). */
export interface ListQuery<TData> {
  data: TData | undefined;
  previousData?: TData | undefined;
  loading: boolean;
  error?: unknown;
  refetch: () => Promise<unknown>;
}

/** A connection as every list query returns it (SPEC §7.2). */
export interface ListConnection<Row> {
  nodes: readonly Row[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor?: string | null;
    endCursor?: string | null;
  };
  count: { value: number; precision: 'EXACT' | 'AT_LEAST' };
  userErrors: readonly { message: string }[];
}

export interface ListControllerOptions<TData, Row extends { id: string }> {
  /** The list's state in the URL (useListParams), which the query was made from. */
  params: ListParams;
  /** The list's query for those params: the API hook of the feature (its fetch policy is its own). */
  query: ListQuery<TData>;
  /** Where the connection sits in the query's data, e.g. `(data) => data.products`. */
  connectionOf: (data: TData) => ListConnection<Row>;
  /**
   * Row selection and the SPEC §2 keys (j/k move, x selects, Enter opens `pathOf(row)`). Without it
   * the list has neither (a list whose table takes no focus row, or one with keys of its own).
   */
  selection?: { canSelect: boolean; pathOf: (row: Row) => string };
  /** The list's path, to remember the page shown for `[` and `]` on its records (record-neighbours). */
  rememberAs?: string;
}

const NO_ROWS: readonly never[] = [];

/**
 * Everything a list screen does besides drawing (react-admin's useListController is the model):
 * its URL state, the rows of its query (the previous ones while the next load), the search's
 * error, the selection with the list keys, and the message of the last bulk change.
 */
export function useListController<TData, Row extends { id: string }>({
  params,
  query,
  connectionOf,
  selection,
  rememberAs,
}: ListControllerOptions<TData, Row>) {
  const shown = query.data ?? query.previousData;
  const connection = shown ? connectionOf(shown) : undefined;
  const rows = useMemo(() => connection?.nodes ?? NO_ROWS, [connection]);
  // Only the page as loaded for this URL counts as shown, never the one kept while the next loads.
  const current = query.data ? connectionOf(query.data).nodes : undefined;
  const shownIds = useMemo(() => current?.map((r) => r.id), [current]);
  useRememberRows(rememberAs ?? '', rememberAs ? shownIds : undefined);
  const searchError = connection?.userErrors.map((e) => e.message).join(' ') || null;

  const selected = useListSelection<Row>({
    // Without selection the keys see no rows, so they do nothing.
    rows: selection ? rows : NO_ROWS,
    search: params.q,
    canSelect: selection?.canSelect ?? false,
    pathOf: selection?.pathOf ?? pathOfNothing,
  });
  const [lastChange, setLastChange] = useState<string | null>(null);
  /** A bulk action is done: say what changed above the list and start a new selection. */
  const bulkDone = (message: string) => {
    setLastChange(message);
    selected.clear();
  };

  return {
    params,
    query,
    connection,
    rows,
    /** The ids of the page loaded for this URL (undefined while it loads). */
    shownIds,
    searchError,
    selection: selected,
    /** The selected rows of this page, in the list's order. */
    chosen: rows.filter((r) => selected.selected.has(r.id)),
    lastChange,
    bulkDone,
    isEmpty: (data: TData) => connectionOf(data).nodes.length === 0,
    connectionOf,
    clearSearch: () => params.update({ q: null }),
    page: (cursor: { after: string | null; before: string | null }) => params.update(cursor),
  };
}

export type ListController<TData, Row extends { id: string }> = ReturnType<
  typeof useListController<TData, Row>
>;

function pathOfNothing(): string {
  return '';
}
