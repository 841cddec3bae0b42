import { Chip, Group, NativeSelect, Stack } from '@mantine/core';
import { SearchField } from '../../../components/search-field';
import type { InventoryMovementReason } from '../../../gql/graphql';
import { searchFieldValue, setSearchField, type ListParams } from '../../../lib/list-params';
import { useInventoryLocationsQuery } from '../api/inventory-locations-query';
import { MOVEMENT_REASON_LABELS } from './stock-terms';

const QUICK_REASONS: readonly InventoryMovementReason[] = [
  'RECEIVED',
  'CORRECTION',
  'DAMAGED',
  'SHRINKAGE',
  'FULFILLED',
  'RESTOCKED',
  'TRANSFER',
];

// Hours are exact; days are whole days on the store's calendar, so >-7d is today and the six before.
const PERIODS = [
  { value: '', label: 'Any time' },
  { value: '-24h', label: 'Last 24 hours' },
  { value: '-7d', label: 'Last 7 days' },
  { value: '-30d', label: 'Last 30 days' },
];

interface HistoryFiltersProps {
  params: ListParams;
  searchError: string | null;
}

/** The ledger's filters are terms of its search, so the box always shows the whole filter. */
export function HistoryFilters({ params, searchError }: HistoryFiltersProps) {
  const locations = useInventoryLocationsQuery();
  const reason = searchFieldValue(params.q, 'reason')?.toUpperCase() ?? '';
  const location = searchFieldValue(params.q, 'location') ?? '';
  const created = searchFieldValue(params.q, 'created_at')?.replace(/^>=?/, '') ?? '';
  const names = locations.data?.locations.map((l) => l.name) ?? [];
  const locationOptions = [
    { value: '', label: 'All locations' },
    ...[...new Set([...names, ...(location ? [location] : [])])].map((name) => ({
      value: name,
      label: name,
    })),
  ];

  return (
    <Stack gap="sm">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <SearchField
          label="Search movements"
          value={params.q}
          onSearch={(q, how) => params.update({ q }, how)}
          placeholder="Product, SKU, or sku: location: reason: staff: created_at:>-7d"
          description="Fields: sku:, location:, reason:, staff: (name or email), created_at:>-7d"
          error={searchError}
        />
        <NativeSelect
          label="Location"
          w={{ base: 'calc(50% - 6px)', sm: 200 }}
          value={location}
          data={locationOptions}
          onChange={(event) =>
            params.update({ q: setSearchField(params.q, 'location', event.currentTarget.value || null) })
          }
        />
        <NativeSelect
          label="When"
          w={{ base: 'calc(50% - 6px)', sm: 160 }}
          value={PERIODS.some((p) => p.value === created) ? created : ''}
          data={PERIODS}
          onChange={(event) => {
            const value = event.currentTarget.value;
            params.update({ q: setSearchField(params.q, 'created_at', value ? `>${value}` : null) });
          }}
        />
      </Group>
      <Chip.Group
        value={reason}
        onChange={(value) => {
          const next = typeof value === 'string' && value !== reason ? value : null;
          params.update({ q: setSearchField(params.q, 'reason', next) });
        }}
      >
        <Group gap={6} aria-label="Reason" role="group">
          {QUICK_REASONS.map((r) => (
            <Chip
              key={r}
              value={r}
              size="xs"
              variant="outline"
              onClick={() => r === reason && params.update({ q: setSearchField(params.q, 'reason', null) })}
            >
              {MOVEMENT_REASON_LABELS[r]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}
