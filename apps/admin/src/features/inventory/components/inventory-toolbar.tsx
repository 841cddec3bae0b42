import { Button, Group, Input, NativeSelect, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { SearchField } from '../../../components/search-field';
import type { HeaderSort } from '../../../components/sortable-th';
import type { InventoryLevelSortKeys } from '../../../gql/graphql';
import type { ListSorting } from '../../../lib/list-sorting';
import { hasSearchTerm, toggleSearchTerm, type ListParams } from '../../../lib/list-params';

export const LOW_STOCK_TERM = 'low_stock:true';
/** More sold than on the shelf: on hand (or available) below zero. */
export const OVERSOLD_TERM = 'available:<0';

/** Sort choices: a sort key with its natural direction ("asc") or the reverse ("desc"). */
export const LEVEL_SORTS: readonly {
  value: string;
  label: string;
  key: InventoryLevelSortKeys;
  reverse: boolean;
}[] = [
  { value: 'PRODUCT_TITLE:asc', label: 'Product A–Z', key: 'PRODUCT_TITLE', reverse: false },
  { value: 'PRODUCT_TITLE:desc', label: 'Product Z–A', key: 'PRODUCT_TITLE', reverse: true },
  { value: 'AVAILABLE:asc', label: 'Available, fewest first', key: 'AVAILABLE', reverse: false },
  { value: 'AVAILABLE:desc', label: 'Available, most first', key: 'AVAILABLE', reverse: true },
  { value: 'SKU:asc', label: 'SKU A–Z', key: 'SKU', reverse: false },
  { value: 'SKU:desc', label: 'SKU Z–A', key: 'SKU', reverse: true },
  { value: 'UPDATED_AT:asc', label: 'Recently changed', key: 'UPDATED_AT', reverse: false },
  { value: 'UPDATED_AT:desc', label: 'Least recently changed', key: 'UPDATED_AT', reverse: true },
];

export function levelSort(params: Pick<ListParams, 'sort' | 'dir'>) {
  const value = `${params.sort ?? 'PRODUCT_TITLE'}:${params.dir ?? 'asc'}`;
  return LEVEL_SORTS.find((s) => s.value === value) ?? LEVEL_SORTS[0]!;
}

/** Each key's natural order: the newest change first, the rest A–Z or fewest first. */
const NATURAL_DESC: Record<InventoryLevelSortKeys, boolean> = {
  PRODUCT_TITLE: false,
  AVAILABLE: false,
  SKU: false,
  UPDATED_AT: true,
};

/**
 * The sort for the grid's column headers. Here `dir=desc` means "the other way round" (see
 * LEVEL_SORTS); a header writes it just as the Sort select does: a new key in its natural order,
 * the current key flipped.
 */
export function levelHeaderSort(params: ListParams): HeaderSort<InventoryLevelSortKeys> {
  const sort = levelSort(params);
  return {
    key: sort.key,
    direction: NATURAL_DESC[sort.key] !== sort.reverse ? 'desc' : 'asc',
    sortBy: (key) =>
      key === sort.key
        ? params.update({ dir: sort.reverse ? null : 'desc' })
        : params.update({ sort: key === 'PRODUCT_TITLE' ? null : key, dir: null }),
  };
}

interface InventoryToolbarProps {
  params: ListParams;
  searchError: string | null;
}

/**
 * The sort as saved views read it: `dir=desc` is "the other way round" of every key here, so each
 * key counts as ascending by nature.
 */
export const LEVEL_VIEW_SORTING: ListSorting<InventoryLevelSortKeys> = {
  sorts: (Object.keys(NATURAL_DESC) as InventoryLevelSortKeys[]).map((key) => ({ value: key, label: key })),
  defaultSort: 'PRODUCT_TITLE',
  naturalDesc: { AVAILABLE: false, PRODUCT_TITLE: false, SKU: false, UPDATED_AT: false },
  tabs: [],
  tabField: '',
  tabLabel: '',
};

/** Search, the one-click low-stock and oversold filters and the sort; everything goes to the URL. */
export function InventoryToolbar({ params, searchError }: InventoryToolbarProps) {
  const lowOnly = hasSearchTerm(params.q, LOW_STOCK_TERM);
  const oversoldOnly = hasSearchTerm(params.q, OVERSOLD_TERM);
  const sort = levelSort(params);
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <SearchField
        label="Search stock"
        value={params.q}
        onSearch={(q, how) => params.update({ q }, how)}
        placeholder="Product, SKU, or sku: location: vendor: available:<5"
        description="Fields: sku:, location:, vendor:, available:<5, on_hand:, committed:, low_stock:true"
        error={searchError}
      />
      {/* On a phone the sort goes under the filters rather than past the screen's edge. */}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Input.Label component="span">Filter</Input.Label>
          <Button
            variant={lowOnly ? 'filled' : 'default'}
            color={lowOnly ? 'orange' : undefined}
            aria-pressed={lowOnly}
            leftSection={<IconAlertTriangle size={16} aria-hidden />}
            onClick={() => params.update({ q: toggleSearchTerm(params.q, LOW_STOCK_TERM) })}
          >
            Low stock
          </Button>
        </Stack>
        <Button
          variant={oversoldOnly ? 'filled' : 'default'}
          color={oversoldOnly ? 'red' : undefined}
          aria-pressed={oversoldOnly}
          onClick={() => params.update({ q: toggleSearchTerm(params.q, OVERSOLD_TERM) })}
        >
          Oversold
        </Button>
        <NativeSelect
          label="Sort"
          w={{ base: 180, sm: 220 }}
          value={sort.value}
          data={LEVEL_SORTS.map((s) => ({ value: s.value, label: s.label }))}
          onChange={(event) => {
            const [key, dir] = event.currentTarget.value.split(':');
            params.update({
              sort: key === 'PRODUCT_TITLE' ? null : (key ?? null),
              dir: dir === 'desc' ? 'desc' : null,
            });
          }}
        />
      </Group>
    </Group>
  );
}
