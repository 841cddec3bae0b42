import { Anchor, Group, Paper, SimpleGrid, Table, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconChevronDown, IconMinus } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { formatMoney } from '../../../lib/format';
import { changeWords, type HomeSales, type PeriodChoice } from './home-types';
import classes from './home.module.css';

function changeOf(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / Math.abs(before)) * 1000) / 10;
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
  children,
}: {
  label: string;
  value: string;
  hint?: string;
  change: number | null;
  previous: string;
  children?: ReactNode;
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
      {children}
    </Paper>
  );
}

type Figures = HomeSales['previous'];
type MoneyKey = 'grossSales' | 'discounts' | 'returns' | 'netSales' | 'shipping' | 'taxes' | 'totalSales';

/** The lines of the breakdown, in Shopify's order; discounts and returns are taken away. */
const BREAKDOWN: { key: MoneyKey; label: string; less?: boolean; sum?: boolean }[] = [
  { key: 'grossSales', label: 'Gross sales' },
  { key: 'discounts', label: 'Discounts', less: true },
  { key: 'returns', label: 'Returns', less: true },
  { key: 'netSales', label: 'Net sales', sum: true },
  { key: 'shipping', label: 'Shipping' },
  { key: 'taxes', label: 'Taxes' },
  { key: 'totalSales', label: 'Total sales', sum: true },
];

function signed(money: Figures[MoneyKey], less?: boolean): string {
  const value = Number(money.amount);
  if (!less || value === 0) return formatMoney(money);
  // "−$46.09": taken away (a negative return, more sold back than refunded, shows as "+").
  const abs = formatMoney({ ...money, amount: String(Math.abs(value)) });
  return value > 0 ? `−${abs}` : `+${abs}`;
}

/** Gross sales to total sales for the period beside the one before (SPEC §10). */
function SalesBreakdown({
  current,
  previous,
  period,
  timezone,
  id,
}: {
  current: Figures;
  previous: Figures;
  period: PeriodChoice;
  timezone: string;
  id: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" id={id} data-testid="sales-breakdown">
      <Table
        verticalSpacing={6}
        horizontalSpacing="sm"
        style={{ fontVariantNumeric: 'tabular-nums' }}
        aria-label={`Sales breakdown, ${period.label.toLowerCase()} and ${period.previous}`}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <VisuallyHidden>Figure</VisuallyHidden>
            </Table.Th>
            <Table.Th ta="right">{period.label}</Table.Th>
            <Table.Th ta="right">{period.previousLabel}</Table.Th>
            <Table.Th ta="right" visibleFrom="xs">
              Change
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {BREAKDOWN.map((row) => {
            const words = changeWords(
              changeOf(Number(current[row.key].amount), Number(previous[row.key].amount)),
            );
            return (
              <Table.Tr key={row.key} data-testid={`breakdown-${row.key}`} fw={row.sum ? 700 : undefined}>
                <Table.Th scope="row" fw={row.sum ? 700 : 400}>
                  {row.label}
                </Table.Th>
                <Table.Td ta="right">{signed(current[row.key], row.less)}</Table.Td>
                <Table.Td ta="right" c="dimmed">
                  {signed(previous[row.key], row.less)}
                </Table.Td>
                <Table.Td ta="right" c="dimmed" visibleFrom="xs">
                  {words ?? '—'}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt="sm">
        Net sales are gross sales (line prices × quantities) less discounts and returns; total sales add
        shipping and taxes. Sales count on the day of the order, returns on the day of the refund, and a
        cancelled order is returned on the day it was cancelled. Amounts other than taxes are without tax.
        Days in the store’s time zone ({timezone}).
      </Text>
    </Paper>
  );
}

/**
 * Net sales, orders and average order value of the period beside the one before it; the net sales
 * figure opens the breakdown from gross sales to total sales under the figures.
 */
export function SalesFigures({
  sales,
  period,
  timezone,
}: {
  sales: HomeSales;
  period: PeriodChoice;
  timezone: string;
}) {
  const { current, previous } = sales;
  const aov = current.averageOrderValue;
  const [open, setOpen] = useState(false);
  const breakdownId = useId();
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      <Figure
        label="Net sales"
        value={formatMoney(current.netSales)}
        hint={`${formatMoney(current.totalSales)} total sales with shipping and taxes`}
        change={sales.netSalesChange ?? null}
        previous={period.previous}
      >
        <Anchor
          component="button"
          type="button"
          size="xs"
          fw={500}
          mt={6}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={open ? breakdownId : undefined}
        >
          <Group gap={2} wrap="nowrap" component="span">
            {open ? 'Hide breakdown' : 'Show breakdown'}
            <IconChevronDown
              size={14}
              aria-hidden
              style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 120ms' }}
            />
          </Group>
        </Anchor>
      </Figure>
      {open && (
        // Right under net sales on a phone; under the three figures, full width, on a wider screen.
        <div className={classes.breakdown}>
          <SalesBreakdown
            id={breakdownId}
            current={current}
            previous={previous}
            period={period}
            timezone={timezone}
          />
        </div>
      )}
      <Figure
        label="Orders"
        value={current.orders.toLocaleString()}
        hint="Placed, cancelled ones included"
        change={sales.ordersChange ?? null}
        previous={period.previous}
      />
      <Figure
        label="Average order value"
        value={aov ? formatMoney(aov) : '—'}
        hint="Gross sales less discounts, per order"
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
