import { SimpleGrid, Stack, Text } from '@mantine/core';
import { SectionCard } from '../../../components/section-card';
import type { CustomerFieldsFragment } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';
import { useFormatDateTime } from '../../../lib/use-format-date-time';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

/** Orders, lifetime spend and last order: plain zeros and "None yet" until orders exist. */
export function SummaryCard({ customer }: { customer: CustomerFieldsFragment }) {
  const formatDateTime = useFormatDateTime();
  return (
    <SectionCard title="Summary" testId="customer-summary">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" mt="sm">
        <Figure label="Orders" value={customer.ordersCount.toLocaleString()} />
        <Figure label="Lifetime spend" value={formatMoney(customer.totalSpent)} />
        <Figure
          label="Last order"
          value={customer.lastOrderAt ? formatDateTime(customer.lastOrderAt) : 'None yet'}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed" mt="sm">
        Customer since {formatDateTime(customer.createdAt)}
      </Text>
    </SectionCard>
  );
}
