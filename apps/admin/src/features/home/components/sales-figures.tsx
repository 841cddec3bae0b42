import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import { formatMoney } from '../../../lib/format';
import { changeWords, type HomeSales, type PeriodChoice } from './home-types';
import classes from './home.module.css';

function changeOf(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

function Change({ value, previous }: { value: number | null; previous: string }) {
  const words = changeWords(value);
  if (words === null) {
    return (
      <Text size="xs" c="dimmed">
        Nothing to compare with {previous}
      </Text>
    );
  }
  const up = (value ?? 0) > 0;
  const flat = value === 0;
  const Icon = flat ? IconMinus : up ? IconArrowUpRight : IconArrowDownRight;
  const color = flat ? 'gray' : up ? 'teal' : 'red';
  return (
    <Group gap={4} wrap="nowrap">
      <ThemeIcon size="sm" variant="light" color={color} aria-hidden>
        <Icon size={14} />
      </ThemeIcon>
      <Text size="xs" c="dimmed">
        <Text span fw={600} size="xs" className={flat ? classes.flat : up ? classes.up : classes.down}>
          {words}
        </Text>{' '}
        vs {previous}
      </Text>
    </Group>
  );
}

function Figure({
  label,
  value,
  hint,
  change,
  previous,
}: {
  label: string;
  value: string;
  hint?: string;
  change: number | null;
  previous: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={`figure-${label.toLowerCase().replace(/\s+/g, '-')}`}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.3} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" mb={4}>
          {hint}
        </Text>
      )}
      <Change value={change} previous={previous} />
    </Paper>
  );
}

/** Net sales, orders and average order value of the period beside the one before it. */
export function SalesFigures({ sales, period }: { sales: HomeSales; period: PeriodChoice }) {
  const { current, previous } = sales;
  const aov = current.averageOrderValue;
  const refunds = Number(current.refunds.amount);
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      <Figure
        label="Net sales"
        value={formatMoney(current.netSales)}
        hint={refunds > 0 ? `after ${formatMoney(current.refunds)} refunded` : undefined}
        change={sales.netSalesChange ?? null}
        previous={period.previous}
      />
      <Figure
        label="Orders"
        value={current.orders.toLocaleString()}
        change={sales.ordersChange ?? null}
        previous={period.previous}
      />
      <Figure
        label="Average order value"
        value={aov ? formatMoney(aov) : '—'}
        change={
          aov && previous.averageOrderValue
            ? changeOf(Number(aov.amount), Number(previous.averageOrderValue.amount))
            : null
        }
        previous={period.previous}
      />
    </SimpleGrid>
  );
}
