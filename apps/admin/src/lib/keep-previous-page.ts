import type { QueryState } from '../components/data-view';

/**
 * A list query that keeps showing the rows it had while the next search, sort or page loads, rather
 * than a skeleton (SPEC §2: data already shown stays visible). The screen dims them meanwhile.
 */
export function keepPreviousPage<TData>(query: QueryState<TData>): QueryState<TData> {
  return { ...query, data: query.data ?? (query.loading ? query.previousData : undefined) };
}

/** Styles for rows that are being replaced. */
export function loadingStyle(loading: boolean) {
  return { opacity: loading ? 0.55 : 1, transition: 'opacity 120ms' } as const;
}
