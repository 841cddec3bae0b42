import { Alert, Anchor, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session-context';
import { BulkEditor } from '../components/bulk-editor';
import { MAX_VARIANTS, useBulkRows, type BulkTarget } from '../components/use-bulk-rows';

/**
 * `/products/bulk-edit?q=<search>` (or `?ids=<id>,<id>` for the list's selection): every variant of
 * the products in a spreadsheet-like grid, saved all or nothing (issue #34).
 */
export function BulkEditRoute() {
  useDocumentTitle('Bulk edit · Stockroom');
  const { can } = useSession();
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const idsParam = params.get('ids');
  const target = useMemo<BulkTarget>(
    () => (idsParam ? { ids: idsParam.split(',').filter(Boolean) } : { query: q }),
    [idsParam, q],
  );
  const back = q ? `/products?q=${encodeURIComponent(q)}` : '/products';
  const chosen = 'ids' in target ? target.ids.length : 0;
  const scope = idsParam
    ? `${chosen.toLocaleString()} chosen ${chosen === 1 ? 'product' : 'products'}`
    : q
      ? `Products matching “${q}”`
      : 'All products';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="xs">
        <div>
          <Anchor component={Link} to={back} size="sm">
            ← Products
          </Anchor>
          <Title order={1}>Bulk edit</Title>
          <Text c="dimmed" size="sm">
            {scope}
          </Text>
        </div>
      </Group>
      {can('CATALOG_WRITE') ? (
        <BulkEditLoader key={idsParam ?? `q:${q}`} target={target} canStock={can('INVENTORY_WRITE')} />
      ) : (
        <Alert color="yellow" variant="light" title="You can't change the catalog">
          Bulk edit changes prices, SKUs and stock, which needs CATALOG_WRITE. Ask a staff manager for it.
        </Alert>
      )}
    </Stack>
  );
}

function BulkEditLoader({ target, canStock }: { target: BulkTarget; canStock: boolean }) {
  const { state, reload } = useBulkRows(target);
  if (state.status === 'error') {
    return (
      <Alert color="red" variant="light" title="The variants did not load">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{state.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={reload}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (state.status === 'loading') {
    return (
      <Stack gap={6} maw={480} role="status" data-testid="bulk-loading">
        <Text size="sm">
          {state.total === null
            ? 'Finding the products…'
            : `Loading ${state.variants.toLocaleString()} of ${state.total.toLocaleString()} variants…`}
        </Text>
        <Progress
          value={state.total ? (100 * state.variants) / state.total : 2}
          animated
          aria-label="Loading variants"
        />
        <Text size="xs" c="dimmed">
          The grid holds up to {MAX_VARIANTS.toLocaleString()} variants.
        </Text>
      </Stack>
    );
  }
  return (
    <BulkEditor
      rows={state.rows}
      locations={state.locations}
      currency={state.currency}
      truncated={state.truncated}
      canStock={canStock}
    />
  );
}
