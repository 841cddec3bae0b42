import { Alert } from '@mantine/core';
import { useParams } from 'react-router';
import { OrderSubpage } from '../../../components/order-subpage';
import { useOrderFulfillPageQuery } from '../api/order-fulfill-query';
import { FulfillForm, NothingToFulfill } from '../components/fulfill-form';

/** `/orders/:orderId/fulfill`: choose lines, quantities, the location and the tracking of one shipment. */
export function OrderFulfillRoute() {
  const { orderId = '' } = useParams();
  const query = useOrderFulfillPageQuery(orderId);
  return (
    <OrderSubpage
      orderId={orderId}
      query={query}
      heading={(name) => (name ? `Fulfill ${name}` : 'Fulfill order')}
      documentTitle={(name) => `Fulfill ${name ?? 'order'}`}
      permission="ORDERS_WRITE"
      denied={{
        title: "You can't fulfill orders",
        text: 'Fulfilling orders needs ORDERS_WRITE. Ask a staff manager for it.',
      }}
    >
      {(order, data) => {
        if (!order.availableActions.includes('FULFILL')) return <NothingToFulfill order={order} />;
        if (!data.locations.some((l) => l.active)) {
          return (
            <Alert color="yellow" variant="light" title="No active location">
              Items ship from a location; activate one in Settings › Locations first.
            </Alert>
          );
        }
        // Keyed by order: the form's defaults are computed once, from the order it opened with.
        return <FulfillForm key={order.id} order={order} locations={data.locations} />;
      }}
    </OrderSubpage>
  );
}
