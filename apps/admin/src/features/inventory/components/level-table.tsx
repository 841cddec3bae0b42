import { Checkbox, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { LevelRow } from './level-row';
import { LowStockBadge } from './low-stock-badge';
import { OnHandEditor } from './on-hand-editor';

export interface LevelListProps {
  levels: readonly LevelRow[];
  /** Null when the person may not adjust stock: no checkboxes, no editing. */
  selection: { ids: ReadonlySet<string>; toggle: (id: string) => void; setAll: (on: boolean) => void } | null;
  /** The row highlighted with j/k. */
  active: number;
  onStale: () => Promise<unknown>;
}

const numeric = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

export function VariantLabel({ level }: { level: LevelRow }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500} lineClamp={1}>
        {level.variant.product.title}
      </Text>
      <Text size="xs" c="dimmed">
        {level.variant.title}
        {level.variant.sku ? ` · ${level.variant.sku}` : ' · no SKU'}
      </Text>
    </Stack>
  );
}

/** The stock grid at desktop width: one row per variant × location. */
export function LevelTable({ levels, selection, active, onStale }: LevelListProps) {
  const allSelected = selection !== null && levels.length > 0 && levels.every((l) => selection.ids.has(l.id));
  const someSelected = selection !== null && levels.some((l) => selection.ids.has(l.id));
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover verticalSpacing="xs" data-testid="inventory-table">
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all on this page"
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  onChange={(event) => selection.setAll(event.currentTarget.checked)}
                />
              </Table.Th>
            )}
            <Table.Th>Product · variant · SKU</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th style={numeric}>On hand</Table.Th>
            <Table.Th style={numeric}>Committed</Table.Th>
            <Table.Th style={numeric}>Available</Table.Th>
            <Table.Th w={140}>
              <VisuallyHidden>Status</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {levels.map((level, index) => (
            <Table.Tr
              key={level.id}
              data-row-index={index}
              data-testid="inventory-row"
              bg={
                index === active
                  ? 'var(--mantine-primary-color-light)'
                  : selection?.ids.has(level.id)
                    ? 'var(--mantine-color-default-hover)'
                    : undefined
              }
            >
              {selection && (
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${level.variant.product.title} · ${level.variant.title} at ${level.location.name}`}
                    checked={selection.ids.has(level.id)}
                    onChange={() => selection.toggle(level.id)}
                  />
                </Table.Td>
              )}
              <Table.Td>
                <VariantLabel level={level} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{level.location.name}</Text>
              </Table.Td>
              <Table.Td style={numeric}>
                {selection ? (
                  <Group justify="flex-end">
                    <OnHandEditor level={level} onStale={onStale} />
                  </Group>
                ) : (
                  level.onHand.toLocaleString()
                )}
              </Table.Td>
              <Table.Td style={numeric}>{level.committed.toLocaleString()}</Table.Td>
              <Table.Td style={numeric} fw={600}>
                {level.available.toLocaleString()}
              </Table.Td>
              <Table.Td>
                <LowStockBadge level={level} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
