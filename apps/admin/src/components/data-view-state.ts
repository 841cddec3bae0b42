/**
 * What DataView draws, decided apart from React so it can be checked on its own (SPEC §2: loading,
 * ready, empty, error; data shown stays visible while it is refetched, and never passes for
 * current when it is not).
 *
 * - `current`: the answer for the variables asked now. Apollo keeps it through a refresh of the
 *   same variables, and through a failed one (then `error` is set too: a toast says it is old).
 * - `previous`: a list's rows for other variables (the search, tab, sort or page before), shown
 *   dimmed and marked "Loading…" while the next rows load, and only while that is short: not once
 *   the server could not be reached, not after `PREVIOUS_ROWS_MS`, and never beside an error.
 * - `error`: the new variables' request failed: the error state with Retry, never the old rows.
 * - `loading`: a skeleton; `retrying` adds "Cannot reach the server. Retrying…".
 */
export type DataViewShows<TData> =
  | { kind: 'current'; data: TData }
  | { kind: 'previous'; data: TData }
  | { kind: 'error' }
  | { kind: 'loading' };

export interface DataViewInput<TData> {
  data: TData | undefined;
  previousData: TData | undefined;
  loading: boolean;
  error: unknown;
  /** A list: may show its previous rows while the next load. */
  keepPrevious: boolean;
  /** A query waits to be retried because the server could not be reached. */
  retrying: boolean;
  /** The next rows have been loading longer than `PREVIOUS_ROWS_MS`. */
  slow: boolean;
}

/** How long a list's previous rows may stand, dimmed, for the next ones; then a skeleton. */
export const PREVIOUS_ROWS_MS = 3000;

export function dataViewShows<TData>(input: DataViewInput<TData>): DataViewShows<TData> {
  if (input.data !== undefined) return { kind: 'current', data: input.data };
  if (input.error) return { kind: 'error' };
  if (
    input.keepPrevious &&
    input.loading &&
    input.previousData !== undefined &&
    !input.retrying &&
    !input.slow
  ) {
    return { kind: 'previous', data: input.previousData };
  }
  return { kind: 'loading' };
}
