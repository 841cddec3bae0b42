import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { DataView } from '../../../components/data-view';
import { useSession } from '../../../lib/session-context';
import { usePackStationQuery } from '../api/pack-station-queries';
import { PackStation } from '../components/pack-station';

/** `/pack`: the pack station, for staff who may fulfil orders (orderFulfill needs ORDERS_WRITE). */
export function PackRoute() {
  useDocumentTitle('Pack · Stockroom');
  const { can } = useSession();
  const allowed = can('ORDERS_WRITE') && can('ORDERS_READ');
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Pack</Title>
        <Text c="dimmed" size="sm" visibleFrom="sm">
          Scan an order, scan each item, then ship it with its tracking number.
        </Text>
      </div>
      {allowed ? (
        <PackStationLoader />
      ) : (
        <Alert color="yellow" variant="light" title="You can't pack orders">
          Packing ships orders, which needs ORDERS_READ and ORDERS_WRITE. Ask a staff manager for them.
        </Alert>
      )}
    </Stack>
  );
}

function PackStationLoader() {
  const query = usePackStationQuery();
  return (
    <DataView query={query} thing="pack station" skeleton={<Skeleton height={220} radius="md" maw={900} />}>
      {(data) =>
        data.locations.length === 0 ? (
          <Alert color="yellow" variant="light" title="No active location">
            Parcels leave from a location; activate one in Settings › Locations first.
          </Alert>
        ) : (
          <PackStation locations={data.locations} prefix={data.shop.orderNumberPrefix} />
        )
      }
    </DataView>
  );
}
