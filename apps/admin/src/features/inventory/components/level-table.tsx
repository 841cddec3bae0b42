import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { SortableTh, type HeaderSort } from '../../../components/sortable-th';
import type { InventoryLevelSortKeys } from '../../../gql/graphql';
import type { LevelRow } from './level-row';
import { DamagedBadge, LowStockBadge } from './low-stock-badge';
import { OnHandEditor } from './on-hand-editor';

export interface LevelListProps {
  levels: readonly LevelRow[];
  /** Null when the person may not adjust stock: no checkboxes, no editing. */
  selection: { ids: ReadonlySet<string>; toggle: (id: string) => void; setAll: (on: boolean) => void } | null;
  /** The row highlighted with j/k. */
  active: number;
  onStale: () => Promise<unknown>;
  /** Opens the transfer of one level; null when the person may not move stock. */
  onTransfer: ((level: LevelRow) => void) | null;
}

const numeric = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

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

/** "Transfer stock of Linen shirt · M from Main warehouse": what the row's transfer button does. */
export function transferLabel(level: LevelRow): string {
  return `Transfer stock of ${level.variant.product.title} · ${level.variant.title} from ${level.location.name}`;
}

interface TransferButtonProps {
  level: LevelRow;
  onTransfer: (level: LevelRow) => void;
  /** A button with the word "Transfer" (phone cards, no tooltips on touch) instead of an icon. */
  labelled?: boolean;
}

/**
 * The row's transfer button. As an icon with nothing available it stays focusable but does nothing,
 * so its tooltip can say why (a disabled button gets no hover or focus); labelled, it is left out.
 */
export function TransferButton({ level, onTransfer, labelled = false }: TransferButtonProps) {
  const empty = level.available <= 0;
  const icon = <IconArrowsExchange size={labelled ? 16 : 18} aria-hidden />;
  if (labelled) {
    if (empty) return null;
    return (
      <Button
        variant="light"
        size="compact-sm"
        leftSection={icon}
        aria-label={transferLabel(level)}
        data-testid="transfer-open"
        onClick={() => onTransfer(level)}
      >
        Transfer
      </Button>
    );
  }
  return (
    <Tooltip label={empty ? 'Nothing available to move' : 'Transfer to another location'} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={transferLabel(level)}
        aria-disabled={empty || undefined}
        data-testid="transfer-open"
        style={empty ? { opacity: 0.4, cursor: 'not-allowed' } : undefined}
        onClick={() => {
          if (!empty) onTransfer(level);
        }}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** The stock grid at desktop width: one row per variant × location. */
export function LevelTable({
  levels,
  selection,
  active,
  onStale,
  onTransfer,
  sort,
}: LevelListProps & {
  /** The grid's sort, changed from the column headers. */
  sort: HeaderSort<InventoryLevelSortKeys>;
}) {
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
            <SortableTh sort={sort} sortKey="PRODUCT_TITLE">
              Product · variant · SKU
            </SortableTh>
            <Table.Th>Location</Table.Th>
            <Table.Th style={numeric}>On hand</Table.Th>
            <Table.Th style={numeric}>Committed</Table.Th>
            <SortableTh style={numeric} ta="right" sort={sort} sortKey="AVAILABLE">
              Available
            </SortableTh>
            <Table.Th w={140}>
              <VisuallyHidden>Status</VisuallyHidden>
            </Table.Th>
            {onTransfer && (
              <Table.Th w={52}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
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
                <Group gap={4} wrap="nowrap">
                  <LowStockBadge level={level} />
                  <DamagedBadge level={level} />
                </Group>
              </Table.Td>
              {onTransfer && (
                <Table.Td>
                  <TransferButton level={level} onTransfer={onTransfer} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
