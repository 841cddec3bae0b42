import { Divider, Group, Paper, Stack, Text } from '@mantine/core';
import type { DraftOrderCalculateMutation } from '../../../gql/graphql';
import { formatMoney } from '../../../lib/format';

export type Figures = NonNullable<DraftOrderCalculateMutation['draftOrderCalculate']['calculated']>;

function Row({
  label,
  money,
  strong,
  negative,
}: {
  label: string;
  money: { amount: string; currencyCode: string } | null;
  strong?: boolean;
  /** Taken off: shown with a minus sign. */
  negative?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {money ? `${negative ? '−' : ''}${formatMoney(money)}` : '—'}
      </Text>
    </Group>
  );
}

/** The server's figures; while new ones load the old stay, dimmed. */
export function DraftTotalsCard({
  figures,
  stale,
  children,
}: {
  figures: Figures | null;
  stale: boolean;
  children?: React.ReactNode;
}) {
  const taxLabel = figures?.taxName ? `${figures.taxName} (${figures.taxRate} %)` : 'Tax';
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="draft-totals">
      <Stack gap="xs" style={{ opacity: stale && figures ? 0.6 : 1 }} aria-busy={stale}>
        <Text fw={700}>Totals</Text>
        <Row
          label={`Subtotal${figures ? ` · ${figures.itemsCount} item${figures.itemsCount === 1 ? '' : 's'}` : ''}`}
          money={figures?.subtotal ?? null}
        />
        {figures && figures.discountTotal.amount !== '0.00' && (
          <Row
            label={figures.discount?.applied ? `Discount · ${figures.discount.code}` : 'Discount'}
            money={figures.discountTotal}
            negative
          />
        )}
        <Row label="Shipping" money={figures?.shippingTotal ?? null} />
        <Row
          label={figures?.pricesIncludeTax ? `${taxLabel}, included` : taxLabel}
          money={figures?.taxTotal ?? null}
        />
        <Divider />
        <Row label="Total" money={figures?.total ?? null} strong />
      </Stack>
      {children}
    </Paper>
  );
}
