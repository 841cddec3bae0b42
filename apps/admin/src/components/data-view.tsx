import {
  Alert,
  Button,
  EmptyState,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInbox, IconRefresh } from '@tabler/icons-react';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useRetryingConnection } from '../lib/connection-status';
import { describeError, TRANSPORT_MESSAGES, type ErrorDescription } from '../lib/errors';
import { dataViewShows, PREVIOUS_ROWS_MS } from './data-view-state';
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
   * instead of a skeleton, dimmed and marked "Loading…", briefly; their pager waits (useShowingOldRows).
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

/** "Cannot reach the server. Retrying…", while a query waits for its next attempt. */
function RetryingNotice() {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<Loader size={18} color="yellow.8" aria-hidden />}
      role="status"
      aria-live="polite"
      data-testid="retrying-state"
      py="xs"
    >
      <Text size="sm" fw={500}>
        {TRANSPORT_MESSAGES.retrying}
      </Text>
    </Alert>
  );
}

/**
 * Over data whose refresh failed: it is what was loaded before, not the current state; the toast
 * says so once, this stays until a refresh succeeds.
 */
function StaleNotice({
  error,
  onRetry,
  retrying,
}: {
  error: ErrorDescription;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <Alert color="yellow" variant="light" role="status" data-testid="stale-state" py="xs">
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text size="sm">
          <Text span fw={600} size="sm">
            Showing what was loaded before.
          </Text>{' '}
          {error.message}
        </Text>
        {error.kind !== 'forbidden' && (
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={onRetry}
            loading={retrying}
          >
            Retry
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/** True once `active` has held for `ms` without a break. */
function useHeldFor(active: boolean, ms: number): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => setHeld(true), ms);
    return () => {
      window.clearTimeout(timer);
      setHeld(false);
    };
  }, [active, ms]);
  return active && held;
}

/**
 * The four states of every screen that loads data (SPEC §2): loading (skeleton), ready, empty (what to
 * do next) and error (message, Retry, request id). Data already shown stays visible while it is
 * refetched; a failed refetch shows a toast and keeps the old data (SPEC §4, data loading). Data for
 * other variables never stands for the new ones (data-view-state.ts): a list (keepPrevious) keeps its
 * rows, dimmed and marked "Loading…", only while the next ones load and briefly, so typing a search
 * does not flash empty; if they fail, the error state with Retry. While the server cannot be reached
 * and the query is retried, the screen says so at once.
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
  const connectionRetrying = useRetryingConnection();
  const { error } = query;
  const waitingForNext =
    Boolean(keepPrevious) &&
    query.data === undefined &&
    !error &&
    query.loading &&
    query.previousData !== undefined;
  const slow = useHeldFor(waitingForNext, PREVIOUS_ROWS_MS);
  const decided = dataViewShows({
    data: query.data,
    previousData: query.previousData,
    loading: query.loading,
    error,
    keepPrevious: Boolean(keepPrevious),
    retrying: connectionRetrying,
    slow,
  });
  // An empty list's "nothing here" is no stand-in for the next rows: a skeleton while they load.
  const shows =
    decided.kind === 'previous' && isEmpty?.(decided.data) ? { kind: 'loading' as const } : decided;
  const hasCurrent = shows.kind === 'current';
  const retry = () => {
    setRetrying(true);
    // The outcome arrives through `query`; a rejection here is already shown as the error state.
    void query
      .refetch()
      .catch(() => undefined)
      .finally(() => setRetrying(false));
  };

  const staleError = hasCurrent && error ? describeError(error) : null;
  const notice =
    query.loading && connectionRetrying ? (
      <RetryingNotice />
    ) : staleError && staleError.kind !== 'unauthenticated' ? (
      <StaleNotice error={staleError} onRetry={() => retry()} retrying={retrying || query.loading} />
    ) : null;

  useEffect(() => {
    if (!error || !hasCurrent) return;
    const described = describeError(error);
    // A session that ended redirects to sign-in; a toast would only add noise.
    if (described.kind === 'unauthenticated') return;
    notifications.show({
      color: 'red',
      title: "Couldn't refresh; showing what was loaded before",
      message: [described.message, described.hint].filter(Boolean).join(' '),
    });
  }, [error, hasCurrent]);

  if (shows.kind === 'current' || shows.kind === 'previous') {
    const shown = shows.data;
    if (isEmpty?.(shown) && empty) {
      return (
        <EmptyState icon={<IconInbox aria-hidden />} variant="light" py="xl" data-testid="empty-state">
          <EmptyState.Title order={2}>{empty.title}</EmptyState.Title>
          <EmptyState.Description>{empty.description}</EmptyState.Description>
          {empty.action && <EmptyState.Actions>{empty.action}</EmptyState.Actions>}
        </EmptyState>
      );
    }
    const content = !keepPrevious ? (
      children(shown)
    ) : (
      <OldRowsContext.Provider value={shows.kind === 'previous'}>
        <div aria-busy={shows.kind === 'previous'} data-testid="list-rows" style={{ position: 'relative' }}>
          {shows.kind === 'previous' && <LoadingNextBadge />}
          <div style={{ opacity: shows.kind === 'previous' ? 0.45 : 1, transition: 'opacity 150ms' }}>
            {children(shown)}
          </div>
        </div>
      </OldRowsContext.Provider>
    );
    if (!notice) return <>{content}</>;
    return (
      <Stack gap="sm">
        {notice}
        {content}
      </Stack>
    );
  }

  if (shows.kind === 'error') {
    const described = describeError(error);
    if (described.kind === 'not-found') return <NotFoundState thing={thing} headingOrder={2} />;
    if (described.kind !== 'unauthenticated') {
      return <ErrorState error={described} onRetry={retry} retrying={retrying || query.loading} />;
    }
  }

  return (
    <Stack gap="sm">
      {notice}
      <div role="status" aria-live="polite" data-testid="loading-state">
        <VisuallyHidden>Loading…</VisuallyHidden>
        {skeleton ?? <DefaultSkeleton />}
      </div>
    </Stack>
  );
}

/** Over a list's previous rows while the next load: they are not the new list. */
function LoadingNextBadge() {
  return (
    <Paper
      role="status"
      shadow="sm"
      radius="xl"
      px="sm"
      py={4}
      withBorder
      data-testid="loading-next"
      style={{ position: 'absolute', top: 8, left: '50%', transform: 'translateX(-50%)', zIndex: 2 }}
    >
      <Group gap={6} wrap="nowrap">
        <Loader size={14} aria-hidden />
        <Text size="sm">Loading…</Text>
      </Group>
    </Paper>
  );
}
