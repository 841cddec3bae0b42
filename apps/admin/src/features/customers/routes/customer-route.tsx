import { Alert, Anchor, Breadcrumbs, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { useSession } from '../../../lib/session-context';
import { useNeighbourKeys } from '../../../lib/record-neighbours';
import { DataView } from '../../../components/data-view';
import { NotFoundState } from '../../../components/not-found-state';
import { useCustomerQuery } from '../api/customer-query';
import { AddressesCard } from '../components/addresses-card';
import { ContactCard } from '../components/contact-card';
import { CustomerOrdersCard } from '../components/customer-orders-card';
import { CustomerStateBadge } from '../components/customer-state-badge';
import { DangerZoneCard } from '../components/danger-zone-card';
import { SummaryCard } from '../components/summary-card';
import { TimelineCard } from '../components/timeline-card';

/** `/customers/:customerId`: contact, addresses, summary, timeline; disable and erase. */
export function CustomerRoute() {
  const { customerId = '' } = useParams();
  const { can } = useSession();
  useNeighbourKeys('/customers', customerId);
  const canWrite = can('CUSTOMERS_WRITE');
  const canReadOrders = can('ORDERS_READ');
  const query = useCustomerQuery(customerId);
  const customer = query.data?.customer ?? null;
  const erased = customer?.state === 'ERASED';
  const heading = erased ? 'Erased customer' : (customer?.displayName ?? 'Customer');
  useDocumentTitle(`${heading} · Stockroom`);

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Breadcrumbs>
          <Anchor component={Link} to="/customers" size="sm">
            Customers
          </Anchor>
          <Text size="sm">{customer ? heading : '…'}</Text>
        </Breadcrumbs>
        <Group gap="sm" mt={4}>
          <Title order={1}>{heading}</Title>
          {customer && <CustomerStateBadge state={customer.state} />}
        </Group>
        {customer && !erased && (
          <Text c="dimmed" size="sm">
            {customer.email}
          </Text>
        )}
      </div>
      <DataView query={query} thing="customer" skeleton={<Skeleton height={480} radius="md" />}>
        {(data) => {
          const found = data.customer;
          if (!found) return <NotFoundState thing="customer" headingOrder={2} />;
          if (found.state === 'ERASED') {
            return (
              <Stack gap="lg">
                <Alert color="gray" variant="light" title="Personal data erased">
                  This customer's personal data was erased; nothing here can be changed.{' '}
                  {found.ordersCount === 0
                    ? 'They had no orders.'
                    : `Their ${found.ordersCount.toLocaleString()} orders are kept, without it.`}
                </Alert>
                <SummaryCard customer={found} />
                {canReadOrders && <CustomerOrdersCard customerId={found.id} />}
              </Stack>
            );
          }
          return (
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Stack gap="lg">
                  <ContactCard
                    key={found.version}
                    customer={found}
                    canEdit={canWrite}
                    onReload={query.refetch}
                  />
                  <AddressesCard customer={found} canEdit={canWrite} />
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Stack gap="lg">
                  <SummaryCard customer={found} />
                  {canReadOrders && <CustomerOrdersCard customerId={found.id} />}
                  <TimelineCard customer={found} canComment={canWrite} />
                  <DangerZoneCard customer={found} canWrite={canWrite} canErase={can('CUSTOMERS_ERASE')} />
                </Stack>
              </Grid.Col>
            </Grid>
          );
        }}
      </DataView>
    </Stack>
  );
}
