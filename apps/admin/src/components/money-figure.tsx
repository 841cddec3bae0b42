import { Group, Text } from '@mantine/core';
import { formatMoney } from '../lib/format';

type Money = { amount: string; currencyCode: string };

/**
 * One line of a money summary (refund, settlement, order edit): the label on the left, the amount
 * on the right, "−" before it when it takes away, "—" while it is not known yet.
 */
export function MoneyFigure({
  label,
  money,
  strong,
  negative,
}: {
  label: string;
  money: Money | null;
  strong?: boolean;
  negative?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {money ? `${negative && Number(money.amount) > 0 ? '−' : ''}${formatMoney(money)}` : '—'}
      </Text>
    </Group>
  );
}
