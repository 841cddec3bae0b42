import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import type { MovementReason } from '@stockroom/domain';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import type { VariantQuery } from '../../../gql/graphql';
import { formatRelative } from '../../../lib/format';
import { useFormatDateTime } from '../../../lib/use-format-date-time';

type Levels = Extract<
  NonNullable<VariantQuery['inventoryLevels']>,
  { inventoryLevels: unknown }
>['inventoryLevels'];
type Movements = VariantQuery['inventoryMovements']['nodes'];

/** Every reason of the ledger (the domain's list), in the words this page uses. */
const REASONS: Record<MovementReason, string> = {
  RECEIVED: 'Received',
  CORRECTION: 'Correction',
  DAMAGED: 'Damaged',
  SHRINKAGE: 'Shrinkage',
  TRANSFER: 'Transfer',
  ORDER_COMMITTED: 'Order placed',
  ORDER_RELEASED: 'Order released',
  FULFILLED: 'Fulfilled',
  RESTOCKED: 'Restocked',
  IMPORT: 'Import',
  RETURN_DAMAGED: 'Returned damaged',
};

/** A table that scrolls sideways on a phone can be scrolled with the keyboard too (it holds no links). */
function scrollable(label: string) {
  return { viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } };
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

export function VariantLevels({
  levels,
  tracked,
  canReceive = false,
}: {
  levels: Levels;
  tracked: boolean;
  /** Whether "Receive stock" is on the page, for the empty state to point at. */
  canReceive?: boolean;
}) {
  return (
    <SectionCard
      title="Stock by location"
      description={tracked ? undefined : 'Stock is not tracked for this variant; it is always available.'}
    >
      {levels.length === 0 ? (
        <Text size="sm" c="dimmed">
          No stock at any location yet.{canReceive ? ' Receive the first units below.' : ''}
        </Text>
      ) : (
        <>
          {canReceive && levels.every((l) => l.onHand === 0 && l.committed === 0) && (
            <Text size="sm" c="dimmed" mb="xs">
              Nothing on hand yet. Receive the first units below.
            </Text>
          )}
          <Table.ScrollContainer minWidth={420} scrollAreaProps={scrollable('Stock by location')}>
            <Table verticalSpacing={6} data-testid="variant-levels">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Location</Table.Th>
                  <Table.Th ta="right">On hand</Table.Th>
                  <Table.Th ta="right">Committed</Table.Th>
                  <Table.Th ta="right">Available</Table.Th>
                  <Table.Th ta="right">Incoming</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {levels.map((level) => (
                  <Table.Tr key={level.id}>
                    <Table.Td>{level.location.name}</Table.Td>
                    <Table.Td ta="right">{level.onHand}</Table.Td>
                    <Table.Td ta="right">{level.committed}</Table.Td>
                    <Table.Td ta="right">
                      <Group gap={6} justify="flex-end" wrap="nowrap">
                        {level.lowStock && (
                          <Badge color="orange" variant="light" size="sm" tt="none">
                            Low
                          </Badge>
                        )}
                        <Text size="sm" fw={600} c={level.available <= 0 ? 'red.9' : undefined}>
                          {level.available}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">{level.incoming}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </SectionCard>
  );
}

export function VariantMovements({
  movements,
  sku,
}: {
  movements: Movements;
  sku: string | null | undefined;
}) {
  const formatDateTime = useFormatDateTime();
  const history = sku ? `/inventory/history?q=${encodeURIComponent(`sku:${sku}`)}` : '/inventory/history';
  return (
    <SectionCard
      title="Recent stock movements"
      description={
        <Anchor component={Link} to={history} size="sm">
          {sku ? `All movements of ${sku} in the stock history` : 'Open the stock history'}
        </Anchor>
      }
    >
      {movements.length === 0 ? (
        <Text size="sm" c="dimmed">
          No stock movements yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560} scrollAreaProps={scrollable('Stock history')}>
          <Table verticalSpacing={6} data-testid="variant-movements">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Why</Table.Th>
                <Table.Th>Location</Table.Th>
                <Table.Th ta="right">Change</Table.Th>
                <Table.Th ta="right">On hand</Table.Th>
                <Table.Th>By</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {movements.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td title={formatDateTime(m.createdAt)}>{formatRelative(m.createdAt)}</Table.Td>
                  <Table.Td>
                    {REASONS[m.reason] ?? m.reason}
                    {m.note && (
                      <Text size="xs" c="dimmed">
                        {m.note}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{m.location.name}</Table.Td>
                  <Table.Td ta="right" c={m.onHandDelta < 0 ? 'red.9' : undefined}>
                    {m.onHandDelta === 0 && m.committedDelta !== 0
                      ? `${signed(m.committedDelta)} committed`
                      : signed(m.onHandDelta)}
                  </Table.Td>
                  <Table.Td ta="right">
                    {m.onHandBefore} → {m.onHandAfter}
                  </Table.Td>
                  <Table.Td>{m.staffName ?? 'System'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}
