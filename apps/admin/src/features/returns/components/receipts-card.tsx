import { Stack, Table, Text } from '@mantine/core';
import { RETURN_DISPOSITION_LABELS } from '@stockroom/domain';
import { SectionCard } from '../../../components/section-card';
import type { ReturnFieldsFragment } from '../../../gql/graphql';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { titleOf } from './receive-plan';

/** What arrived, when, in what state and where it went: oldest first. */
export function ReceiptsCard({ ret, phone }: { ret: ReturnFieldsFragment; phone: boolean }) {
  const formatDateTime = useFormatDateTime();
  const lineOf = (id: string) => ret.lines.find((l) => l.id === id);
  if (ret.receipts.length === 0) {
    return (
      <SectionCard title="Receipts">
        <Text size="sm" c="dimmed">
          Nothing received yet.
        </Text>
      </SectionCard>
    );
  }
  const rows = ret.receipts.map((r) => {
    const line = lineOf(r.line.id);
    return {
      ...r,
      item: line ? titleOf(line) : 'Item',
      where: r.disposition === 'MISSING' ? '—' : (r.location?.name ?? 'Not stocked'),
    };
  });
  return (
    <SectionCard title="Receipts">
      {phone ? (
        <Stack gap="xs" data-testid="receipts">
          {rows.map((r) => (
            <div key={r.id}>
              <Text size="sm" fw={600}>
                {r.quantity} × {r.item}: {RETURN_DISPOSITION_LABELS[r.disposition]}
                {r.disposition !== 'MISSING' ? ` at ${r.where}` : ''}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(r.createdAt)}
                {r.staffName ? ` · ${r.staffName}` : ''}
              </Text>
            </div>
          ))}
        </Stack>
      ) : (
        <Table verticalSpacing="xs" data-testid="receipts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Units</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Location</Table.Th>
              <Table.Th>By</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createdAt)}</Table.Td>
                <Table.Td>{r.item}</Table.Td>
                <Table.Td ta="right">{r.quantity}</Table.Td>
                <Table.Td>{RETURN_DISPOSITION_LABELS[r.disposition]}</Table.Td>
                <Table.Td>{r.where}</Table.Td>
                <Table.Td>{r.staffName ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </SectionCard>
  );
}
