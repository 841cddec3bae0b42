import { Button, Group, Kbd, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconHistory } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session-context';
import { ListPage } from '../../../components/list-page';
import { ExportButton, exportCountLabel } from '../../../components/export-dialog';
import { IMPORT_PERMISSIONS, ImportButton } from '../../../components/import-dialog';
import { useListController } from '../../../lib/controllers/use-list-controller';
import { pageVariables, useListParams } from '../../../lib/list-params';
import type { InventoryLevelsQuery } from '../../../gql/graphql';
import { useInventoryLevelsQuery } from '../api/inventory-levels-query';
import { BulkAdjustBar } from '../components/bulk-adjust-bar';
import {
  InventoryToolbar,
  LEVEL_VIEW_SORTING,
  levelHeaderSort,
  levelSort,
} from '../components/inventory-toolbar';
import { LevelCards } from '../components/level-cards';
import type { LevelRow } from '../components/level-row';
import { LevelTable } from '../components/level-table';
import { TransferDialog } from '../components/transfer-dialog';
import { useRowKeys } from '../components/use-row-keys';
import { usePhone } from '../../../lib/use-phone';

function GridSkeleton() {
  return (
    <Stack gap="xs">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} height={44} radius="sm" />
      ))}
    </Stack>
  );
}

const levelsOf = (data: InventoryLevelsQuery) => data.inventoryLevels;

/** `/inventory`: stock per variant × location, editable in place, bulk adjust, low-stock filter. */
export function InventoryRoute() {
  useDocumentTitle('Inventory · Stockroom');
  const { can } = useSession();
  const canEdit = can('INVENTORY_WRITE');
  const canImport = IMPORT_PERMISSIONS.INVENTORY.every((p) => can(p));
  const canExport = can('CATALOG_READ') && can('DATA_EXPORT');
  const phone = usePhone();
  const params = useListParams();
  const sort = levelSort(params);
  // The grid has keys of its own (t transfers), so the controller's selection and keys stay off.
  const list = useListController({
    params,
    query: useInventoryLevelsQuery({
      query: params.q || null,
      sortKey: sort.key,
      reverse: sort.reverse,
      ...pageVariables(params),
    }),
    connectionOf: levelsOf,
  });
  const levels = list.rows;
  const refetch = () => list.query.refetch();

  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback((id: string) => {
    setSelectedIds((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const selectByIndex = useCallback(
    (index: number) => {
      const level = levels[index];
      if (level) toggle(level.id);
    },
    [levels, toggle],
  );
  // The level as it was when the dialog opened; the dialog shows the current numbers of that row.
  const [transferring, setTransferring] = useState<LevelRow | null>(null);
  const transferLevel = transferring ? (levels.find((l) => l.id === transferring.id) ?? transferring) : null;
  const transferByIndex = useCallback(
    (index: number) => {
      const level = levels[index];
      if (level && level.available > 0) setTransferring(level);
    },
    [levels],
  );
  const active = useRowKeys(levels.length, canEdit ? selectByIndex : null, canEdit ? transferByIndex : null);
  const selection = canEdit
    ? {
        ids: selectedIds,
        toggle,
        setAll: (on: boolean) => setSelectedIds(on ? new Set(levels.map((l) => l.id)) : new Set()),
      }
    : null;
  const selected = levels.filter((l) => selectedIds.has(l.id));

  return (
    <ListPage
      list={list}
      title="Inventory"
      intro={
        <>
          <Text c="dimmed">
            {canEdit
              ? 'Stock at each location. Click an on-hand number to count it, or Transfer (⇄) to move stock to another location; select rows to adjust several at once.'
              : 'Stock at each location. You can look; changing stock needs INVENTORY_WRITE.'}
          </Text>
          {canEdit && !phone && (
            <Text size="xs" c="dimmed" mt={4} data-testid="inventory-keys">
              Keys: <Kbd size="xs">j</Kbd> <Kbd size="xs">k</Kbd> move, <Kbd size="xs">x</Kbd> selects,{' '}
              <Kbd size="xs">t</Kbd> transfers the highlighted row.
            </Text>
          )}
        </>
      }
      actions={
        <Group gap="sm">
          {canExport && (
            <ExportButton
              kind="EXPORT_INVENTORY"
              noun="stock levels"
              query={params.q}
              sortKey={sort.key}
              reverse={sort.reverse}
              countLabel={exportCountLabel(list.connection?.count)}
            />
          )}
          {canImport && <ImportButton kind="INVENTORY" noun="stock levels" />}
          <Button
            component={Link}
            to="/inventory/history"
            variant="default"
            leftSection={<IconHistory size={16} aria-hidden />}
          >
            History
          </Button>
        </Group>
      }
      views="INVENTORY"
      viewSorting={LEVEL_VIEW_SORTING}
      toolbar={<InventoryToolbar params={params} searchError={list.searchError} />}
      banner={
        selected.length > 0 && (
          <BulkAdjustBar
            selected={selected}
            onDone={() => setSelectedIds(new Set())}
            onClear={() => setSelectedIds(new Set())}
          />
        )
      }
      skeleton={<GridSkeleton />}
      empty={
        list.searchError
          ? {
              title: 'The search could not run',
              description: 'Fix the search above, or clear it to see all stock.',
            }
          : params.q
            ? {
                title: 'No stock matches this search',
                description: 'Try fewer words, or clear the search to see every level.',
                action: (
                  <Button variant="default" onClick={list.clearSearch}>
                    Clear search
                  </Button>
                ),
              }
            : {
                title: 'No stock levels yet',
                description: 'Levels appear once products track inventory and a location exists.',
                action: (
                  <Button component={Link} to="/settings/locations" variant="default">
                    Manage locations
                  </Button>
                ),
              }
      }
      noun="level"
      bare
      onPage={(cursor) => {
        setSelectedIds(new Set());
        params.update(cursor);
      }}
      footer={
        transferLevel && (
          <TransferDialog
            key={transferLevel.id}
            level={transferLevel}
            onClose={() => setTransferring(null)}
            onStale={refetch}
          />
        )
      }
    >
      {() =>
        phone ? (
          <LevelCards
            levels={levels}
            selection={selection}
            active={active}
            onStale={refetch}
            onTransfer={canEdit ? setTransferring : null}
          />
        ) : (
          <LevelTable
            levels={levels}
            selection={selection}
            active={active}
            onStale={refetch}
            onTransfer={canEdit ? setTransferring : null}
            sort={levelHeaderSort(params)}
          />
        )
      }
    </ListPage>
  );
}
