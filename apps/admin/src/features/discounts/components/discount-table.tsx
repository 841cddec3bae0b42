import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SortableTh, type HeaderSort } from '../../../components/sortable-th';
import type { DiscountSortKeys, DiscountsQuery } from '../../../gql/graphql';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { DiscountStatusBadge } from './discount-status-badge';
import { APPLIES_TO_LABEL, usageText, discountSummary } from './discount-words';

type Row = DiscountsQuery['discounts']['nodes'][number];

/** When the code works, in the store's time zone: the start, and the end under it. */
function Dates({ row, compact = false }: { row: Row; compact?: boolean }) {
  const format = useFormatDateTime();
  const end = row.endsAt ? `until ${format(row.endsAt)}` : 'no end';
  if (compact)
    return (
      <Text size="xs" c="dimmed">
        From {format(row.startsAt)}, {end}
      </Text>
    );
  return (
    <>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {format(row.startsAt)}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {end}
      </Text>
    </>
  );
}

/** Codes: a table at desktop width, cards on a phone; each opens the code. */
export function DiscountTable({
  rows,
  phone,
  sort,
}: {
  rows: Row[];
  phone: boolean;
  /** The list's sort, changed from the column headers. */
  sort: HeaderSort<DiscountSortKeys>;
}) {
  if (phone) {
    return (
      <Stack gap="xs">
        {rows.map((r) => (
          <Paper
            key={r.id}
            withBorder
            radius="md"
            p="sm"
            component={Link}
            to={`/discounts/${r.id}`}
            data-testid="discount-row"
            // A card is one link; its words keep the text colour, not the link blue.
            style={{ color: 'inherit' }}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} ff="monospace">
                {r.code}
              </Text>
              <DiscountStatusBadge status={r.status} />
            </Group>
            <Text size="sm">
              {discountSummary(r)} · {APPLIES_TO_LABEL[r.appliesTo].toLowerCase()}
              {r.oncePerCustomer ? ' · once per customer' : ''}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {usageText(r.usageCount, r.usageLimit)}
            </Text>
            <Dates row={r} compact />
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table highlightOnHover verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <SortableTh sort={sort} sortKey="CODE">
            Code
          </SortableTh>
          <Table.Th>Status</Table.Th>
          <Table.Th>Discount</Table.Th>
          <SortableTh sort={sort} sortKey="USAGE_COUNT">
            Used
          </SortableTh>
          {/* The start is the date on top; the end under it has a sort of its own in the select. */}
          <SortableTh sort={sort} sortKey="STARTS_AT">
            Starts · ends
          </SortableTh>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.id} data-testid="discount-row">
            <Table.Td>
              <Anchor component={Link} to={`/discounts/${r.id}`} fw={600} ff="monospace">
                {r.code}
              </Anchor>
            </Table.Td>
            <Table.Td w={140}>
              <DiscountStatusBadge status={r.status} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{discountSummary(r)}</Text>
              <Text size="xs" c="dimmed">
                {APPLIES_TO_LABEL[r.appliesTo]}
                {r.oncePerCustomer ? ' · once per customer' : ''}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {usageText(r.usageCount, r.usageLimit)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Dates row={r} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
