import { EmptyState, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInbox } from '@tabler/icons-react';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { describeError } from '../lib/errors';
import { ErrorState } from './error-state';
import { NotFoundState } from './not-found-state';

/** The parts of a `useQuery` result that DataView needs. */
export interface QueryState<TData> {
  data: TData | undefined;
  previousData?: TData | undefined;
  loading: boolean;
  error?: unknown;
  refetch: () => Promise<unknown>;
}

export interface EmptyContent {
  title: string;
  /** What to do next. */
  description: ReactNode;
  action?: ReactNode;
}

interface DataViewProps<TData> {
  query: QueryState<TData>;
  /** The shape of the content while it loads; a few lines by default. */
  skeleton?: ReactNode;
  /** When the loaded data counts as empty; then `empty` is shown instead of `children`. */
  isEmpty?: (data: TData) => boolean;
  empty?: EmptyContent;
  /** For NOT_FOUND: what was looked up ("order", "product"). */
  thing?: string;
  /**
   * Lists: while the next result loads (a new search, sort or page), keep the rows shown before
   * instead of a skeleton, dimmed and marked busy; their pager waits (useShowingOldRows).
   */
  keepPrevious?: boolean;
  children: (data: TData) => ReactNode;
}

const OldRowsContext = createContext(false);

/**
 * Whether what is drawn is the previous result, kept while the next one loads: its cursors belong
 * to the search and order it was loaded for, so Previous and Next must not use them.
 */
export function useShowingOldRows(): boolean {
  return useContext(OldRowsContext);
}

export function DefaultSkeleton() {
  return (
    <Stack gap="sm">
      <Skeleton height={28} width="40%" radius="sm" />
      <Skeleton height={16} radius="sm" />
      <Skeleton height={16} radius="sm" />
      <Skeleton height={16} width="70%" radius="sm" />
    </Stack>
  );
}

/**
 * The four states of every screen that loads data (SPEC §2): loading (skeleton), ready, empty (what to
 * do next) and error (message, Retry, request id). Data already shown stays visible while it is
 * refetched; a failed refetch shows a toast and keeps the old data (SPEC §4, data loading). A list
 * (keepPrevious) also keeps its rows while other rows load, so typing a search never flashes empty.
 */
export function DataView<TData>({
  query,
  skeleton,
  isEmpty,
  empty,
  thing,
  keepPrevious,
  children,
}: DataViewProps<TData>) {
  const [retrying, setRetrying] = useState(false);
  const old = query.data === undefined && (query.error || (keepPrevious && query.loading));
  const shown = query.data ?? (old ? query.previousData : undefined);
  const hasData = shown !== undefined;
  const { error } = query;

  useEffect(() => {
    if (!error || !hasData) return;
    const described = describeError(error);
    // A session that ended redirects to sign-in; a toast would only add noise.
    if (described.kind === 'unauthenticated') return;
    notifications.show({
      color: 'red',
      title: "Couldn't refresh; showing what was loaded before",
      message: [described.message, described.hint].filter(Boolean).join(' '),
    });
  }, [error, hasData]);

  const retry = () => {
    setRetrying(true);
    // The outcome arrives through `query`; a rejection here is already shown as the error state.
    void query
      .refetch()
      .catch(() => undefined)
      .finally(() => setRetrying(false));
  };

  if (shown !== undefined) {
    if (isEmpty?.(shown) && empty) {
      return (
        <EmptyState icon={<IconInbox aria-hidden />} variant="light" py="xl" data-testid="empty-state">
          <EmptyState.Title order={2}>{empty.title}</EmptyState.Title>
          <EmptyState.Description>{empty.description}</EmptyState.Description>
          {empty.action && <EmptyState.Actions>{empty.action}</EmptyState.Actions>}
        </EmptyState>
      );
    }
    if (!keepPrevious) return <>{children(shown)}</>;
    const loadingNext = shown !== query.data && query.loading;
    return (
      <OldRowsContext.Provider value={shown !== query.data}>
        <div
          aria-busy={loadingNext}
          data-testid="list-rows"
          style={{ opacity: loadingNext ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          {children(shown)}
        </div>
      </OldRowsContext.Provider>
    );
  }

  if (error) {
    const described = describeError(error);
    if (described.kind === 'not-found') return <NotFoundState thing={thing} headingOrder={2} />;
    if (described.kind !== 'unauthenticated') {
      return <ErrorState error={described} onRetry={retry} retrying={retrying || query.loading} />;
    }
  }

  return (
    <div role="status" aria-live="polite" data-testid="loading-state">
      <VisuallyHidden>Loading…</VisuallyHidden>
      {skeleton ?? <DefaultSkeleton />}
    </div>
  );
}
