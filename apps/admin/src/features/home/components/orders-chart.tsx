import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { formatMoney } from '../../../lib/format';
import type { HomeSales } from './home-types';

/** "Nov 24" for a YYYY-MM-DD day (the store's day, so no time zone shift). */
function dayLabel(date: string, long = false): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d)).toLocaleDateString(undefined, {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    ...(long ? { weekday: 'short' } : {}),
  });
}

/** Orders per day of the period (one bar a day), with the sales of each day in its tooltip. */
export function OrdersChart({ sales }: { sales: HomeSales }) {
  const data = sales.perDay.map((d) => ({
    day: dayLabel(d.date, sales.perDay.length <= 7),
    Orders: d.orders,
  }));
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="home-chart">
      <Title order={2} size="h4" id="home-chart" mb="md">
        Orders per day
      </Title>
      {sales.perDay.length === 1 ? (
        <Text c="dimmed" size="sm">
          {sales.perDay[0]!.orders.toLocaleString()} order{sales.perDay[0]!.orders === 1 ? '' : 's'} so far
          today. Choose 7 or 30 days to see the trend.
        </Text>
      ) : (
        <>
          <BarChart
            h={220}
            data={data}
            dataKey="day"
            series={[{ name: 'Orders', color: 'blue.7' }]}
            tickLine="none"
            gridAxis="y"
            withTooltip
            minBarSize={2}
            maxBarWidth={36}
            yAxisProps={{ allowDecimals: false, width: 32 }}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
          />
          <VisuallyHidden>
            <table>
              <caption>Orders and net sales per day</caption>
              <tbody>
                {sales.perDay.map((d) => (
                  <tr key={d.date}>
                    <th scope="row">{dayLabel(d.date)}</th>
                    <td>{d.orders} orders</td>
                    <td>{formatMoney(d.netSales)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </VisuallyHidden>
        </>
      )}
    </Paper>
  );
}
