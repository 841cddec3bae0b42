import { Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { DataView } from '../../../components/data-view';
import { zonedFormat } from '../../../lib/format';
import { useSession } from '../../../lib/session-context';
import { useHomeQuery } from '../api/home-query';
import { LowStock, RecentActivity, TopProducts } from '../components/home-lists';
import { periodOf, PERIODS } from '../components/home-types';
import { SalesFigures } from '../components/sales-figures';
import { RolesCard, StoreCard } from '../components/store-card';
import { WorkQueue } from '../components/work-queue';
import { useLiveHome } from '../components/use-live-home';

// The chart library (recharts) is most of Home's weight: it loads beside the figures, not before them.
const OrdersChart = lazy(async () => ({ default: (await import('../components/orders-chart')).OrdersChart }));

function HomeSkeleton() {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={92} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton height={300} radius="md" />
    </Stack>
  );
}

/** "Monday, November 24" today in the store's timezone. */
function storeToday(timeZone: string): string {
  return zonedFormat({ weekday: 'long', month: 'long', day: 'numeric' }, timeZone).format(new Date());
}

/**
 * `/`: the day's work for everyone (orders to fulfill, unpaid, drafts, low stock — each what the
 * person may read), and for those with REPORTS_READ the sales of the chosen period beside the one
 * before, orders per day and top products; recent activity with AUDIT_READ.
 */
export function HomeRoute() {
  const { staff, can } = useSession();
  const [params, setParams] = useSearchParams();
  const period = periodOf(params.get('period'));
  const reports = can('REPORTS_READ');
  const catalog = can('CATALOG_READ');
  const query = useHomeQuery({
    period: period.api,
    reports,
    catalog,
    audit: can('AUDIT_READ'),
  });
  useLiveHome(query.refetch, can('ORDERS_READ') || catalog);
  useDocumentTitle(query.data ? `Home · ${query.data.shop.name} · Stockroom` : 'Home · Stockroom');

  const choosePeriod = (value: string) =>
    setParams(
      (p) => {
        if (value === PERIODS[0].value) p.delete('period');
        else p.set('period', value);
        return p;
      },
      { replace: true },
    );

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>{`Welcome, ${staff.name}`}</Title>
          <Text c="dimmed">
            {query.data
              ? `${storeToday(query.data.shop.timezone)} · ${query.data.shop.name}`
              : 'Your store today'}
          </Text>
        </div>
        {reports && (
          <SegmentedControl
            aria-label="Period"
            value={period.value}
            onChange={choosePeriod}
            data={PERIODS.map((p) => ({ value: p.value, label: p.label }))}
          />
        )}
      </Group>
      <DataView query={query} skeleton={<HomeSkeleton />}>
        {({ shop, me, analytics, inventoryLevels, auditEvents }) => (
          <Stack gap="lg">
            <WorkQueue queue={analytics.workQueue} />
            {analytics.sales && (
              <>
                <SalesFigures sales={analytics.sales} period={period} timezone={shop.timezone} />
                <Suspense fallback={<Skeleton height={290} radius="md" />}>
                  <OrdersChart sales={analytics.sales} />
                </Suspense>
              </>
            )}
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              {analytics.sales && <TopProducts products={analytics.sales.topProducts} />}
              {inventoryLevels && catalog && (
                <LowStock
                  levels={inventoryLevels.nodes}
                  total={analytics.workQueue.lowStock?.count.value ?? inventoryLevels.nodes.length}
                />
              )}
              {auditEvents && <RecentActivity events={auditEvents.nodes} />}
              <Stack gap="lg">
                <StoreCard shop={shop} />
                <RolesCard me={me} />
              </Stack>
            </SimpleGrid>
          </Stack>
        )}
      </DataView>
    </Stack>
  );
}
