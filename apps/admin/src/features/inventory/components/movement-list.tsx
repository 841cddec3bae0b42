import { Anchor, Badge, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import type { InventoryMovementsQuery } from '../../../gql/graphql';
import { formatRelative } from '../../../lib/format';
import { useSession } from '../../../lib/session-context';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import classes from './movement-list.module.css';
import { MOVEMENT_REASON_LABELS, signed } from './stock-terms';

type Movement = InventoryMovementsQuery['inventoryMovements']['nodes'][number];

const numeric = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

function Change({ movement }: { movement: Movement }) {
  const delta = movement.onHandDelta;
  return (
    <Text
      span
      size="sm"
      fw={600}
      className={delta > 0 ? classes.up : delta < 0 ? classes.down : undefined}
      c={delta === 0 ? 'dimmed' : undefined}
    >
      {signed(delta)}
    </Text>
  );
}

function What({ movement }: { movement: Movement }) {
  const v = movement.variant;
  if (!v)
    return (
      <Text size="sm" c="dimmed">
        A deleted variant
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500} lineClamp={1}>
        {v.product.title}
      </Text>
      <Text size="xs" c="dimmed">
        {v.title}
        {v.sku ? ` · ${v.sku}` : ''}
      </Text>
    </Stack>
  );
}

/** The reason in words ("Order committed"), never cut: as wide as its label, in sentence case. */
function ReasonBadge({ reason }: { reason: Movement['reason'] }) {
  return (
    <Badge variant="light" color="gray" size="sm" tt="none" miw="max-content">
      {MOVEMENT_REASON_LABELS[reason]}
    </Badge>
  );
}

function When({ iso }: { iso: string }) {
  const formatDateTime = useFormatDateTime();
  return (
    <Tooltip label={formatDateTime(iso)}>
      <Text size="sm" component="time" dateTime={iso} style={{ whiteSpace: 'nowrap' }}>
        {formatRelative(iso)}
      </Text>
    </Tooltip>
  );
}

/**
 * The movement's note; one an order made ("Order #1021-F1") links to the order, for whoever may
 * read orders (issue #26 §3).
 */
function Note({ movement, size }: { movement: Movement; size: 'sm' | 'xs' }) {
  const { can } = useSession();
  const note = movement.note ?? '';
  if (movement.orderId && can('ORDERS_READ'))
    return (
      <Anchor component={Link} to={`/orders/${movement.orderId}`} size={size} lineClamp={2}>
        {note || 'Order'}
      </Anchor>
    );
  return (
    <Text size={size} c="dimmed" lineClamp={2}>
      {note}
    </Text>
  );
}

function committedNote(movement: Movement): string | null {
  return movement.committedDelta !== 0
    ? `Committed ${signed(movement.committedDelta)} → ${movement.committedAfter.toLocaleString()}`
    : null;
}

/** The ledger at desktop width. */
export function MovementTable({ movements }: { movements: readonly Movement[] }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" data-testid="movement-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Product · variant · SKU</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th style={numeric}>Change</Table.Th>
            <Table.Th style={numeric}>On hand</Table.Th>
            <Table.Th>Staff</Table.Th>
            <Table.Th>Note</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {movements.map((m) => (
            <Table.Tr key={m.id} data-testid="movement-row">
              <Table.Td>
                <When iso={m.createdAt} />
              </Table.Td>
              <Table.Td>
                <What movement={m} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{m.location.name}</Text>
              </Table.Td>
              <Table.Td>
                <ReasonBadge reason={m.reason} />
              </Table.Td>
              <Table.Td style={numeric}>
                <Change movement={m} />
              </Table.Td>
              <Table.Td style={{ ...numeric, whiteSpace: 'nowrap' }}>
                <Text size="sm">
                  {m.onHandBefore.toLocaleString()} → {m.onHandAfter.toLocaleString()}
                </Text>
                {committedNote(m) && (
                  <Text size="xs" c="dimmed">
                    {committedNote(m)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={m.staffName ? undefined : 'dimmed'}>
                  {m.staffName ?? 'System'}
                </Text>
              </Table.Td>
              <Table.Td maw={220}>
                <Note movement={m} size="sm" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The ledger at phone width: one card per movement. */
export function MovementCards({ movements }: { movements: readonly Movement[] }) {
  return (
    <Stack gap="sm" data-testid="movement-cards">
      {movements.map((m) => (
        <Paper key={m.id} withBorder radius="md" p="sm" data-testid="movement-row">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <What movement={m} />
              <Change movement={m} />
            </Group>
            <Group gap="xs" wrap="wrap">
              <ReasonBadge reason={m.reason} />
              <Text size="xs" c="dimmed">
                {m.location.name} · {m.onHandBefore.toLocaleString()} → {m.onHandAfter.toLocaleString()}
              </Text>
            </Group>
            <Group gap="xs" justify="space-between">
              <Text size="xs" c="dimmed">
                {m.staffName ?? 'System'}
              </Text>
              <When iso={m.createdAt} />
            </Group>
            {(m.note || m.orderId) && <Note movement={m} size="xs" />}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
